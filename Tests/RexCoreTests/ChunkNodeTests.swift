@testable import RexCore
import Testing

/// White-box tests of `ChunkNode`, the unsafe storage under `ElementChunks`: each of its paths
/// (make, append, removeLast, remove(at:), swap, update, the subscript's change and its ending by
/// an error, copy, a unique child shared or not, equality, deinit), with the values' references
/// watched, so that a value lost, doubled or kept alive would show.
@Suite("ChunkNode")
struct ChunkNodeTests {
    final class Value: Sendable {
        let name: String
        init(_ name: String) { self.name = name }
    }

    struct Stop: Error {}

    static func node(_ names: [String], room: Int = 8) -> ChunkNode<Value> {
        let node = ChunkNode<Value>.make(room: room)
        names.forEach { node.append(Value($0)) }
        return node
    }

    static func names(_ node: ChunkNode<Value>) -> [String] {
        node.map(\.name)
    }

    @Test("Appending, removing the last value and removing one in the middle keep the others in order, and let go of what they remove")
    func appendAndRemove() {
        weak var middle: Value?
        weak var last: Value?
        let node = Self.node(["a", "b", "c", "d"])
        #expect(node.count == 4 && node.room == 8 && Self.names(node) == ["a", "b", "c", "d"])
        middle = node[1]
        last = node[3]
        #expect(node.removeLast().name == "d")
        #expect(last == nil, "the removed value is not kept by the node")
        #expect(node.remove(at: 1).name == "b")
        #expect(middle == nil)
        #expect(Self.names(node) == ["a", "c"] && node.count == 2)
        #expect(node.remove(at: 1).name == "c")
        #expect(Self.names(node) == ["a"])
    }

    @Test("A swap moves the two values and nothing else; swapping a value with itself changes nothing")
    func swap() {
        let node = Self.node(["a", "b", "c"])
        node.swapByMoving(0, 2)
        #expect(Self.names(node) == ["c", "b", "a"])
        node.swapByMoving(1, 1)
        #expect(Self.names(node) == ["c", "b", "a"])
        var held = node[0]
        #expect(!isKnownUniquelyReferenced(&held), "the node still holds the value: held here and there")
    }

    @Test("update(at:) and the subscript change a value in place; a change ended by an error leaves a value in the slot")
    func changeInPlace() throws {
        let node = ChunkNode<Int>.make(room: 4)
        (0..<4).forEach { node.append($0) }
        node.update(at: 2) { $0 += 10 }
        node[3] *= 7
        #expect(Array(node) == [0, 1, 12, 21])

        func setThenThrow(_ value: inout Int) throws {
            value = 99
            throw Stop()
        }
        #expect(throws: Stop.self) { try setThenThrow(&node[1]) }
        #expect(Array(node) == [0, 99, 12, 21], "the value written before the error is in place")

        weak var replaced: Value?
        let values = Self.node(["a", "b"])
        replaced = values[0]
        #expect(throws: Stop.self) {
            try { (value: inout Value) throws in
                value = Value("z")
                throw Stop()
            }(&values[0])
        }
        #expect(Self.names(values) == ["z", "b"] && replaced == nil)
    }

    @Test("A copy holds the same values in a node of its own; changing one leaves the other alone")
    func copy() {
        let original = Self.node(["a", "b"], room: 4)
        let copy = original.copy(room: 6)
        #expect(copy !== original && copy.room == 6 && Self.names(copy) == ["a", "b"])
        #expect(copy[0] === original[0], "the values themselves are shared, as an array's copy shares them")
        copy.append(Value("c"))
        copy[0] = Value("x")
        #expect(Self.names(original) == ["a", "b"] && Self.names(copy) == ["x", "b", "c"])
    }

    /// An index node holding one node of `names`.
    static func parent(of names: [String]) -> ChunkNode<AnyObject> {
        let parent = ChunkNode<AnyObject>.make(room: 2)
        parent.append(Self.node(names))
        return parent
    }

    @Test("A child another node shares is copied before it is handed out for a change; a child held once is handed out as it is")
    func uniqueChild() {
        let parent = Self.parent(of: ["a"])
        let first = parent.child(at: 0, as: ChunkNode<Value>.self)
        let shared = parent.uniqueChild(at: 0, as: ChunkNode<Value>.self)
        #expect(shared !== first && Self.names(shared) == ["a"], "shared with `first`: copied")
        shared.append(Value("b"))
        #expect(Self.names(first) == ["a"] && Self.names(parent.child(at: 0, as: ChunkNode<Value>.self)) == ["a", "b"])

        let other = Self.parent(of: ["c"])
        let address = ObjectIdentifier(other[0])
        #expect(ObjectIdentifier(other.uniqueChild(at: 0, as: ChunkNode<Value>.self)) == address, "held by `other` alone: not copied")
    }

    @Test("A child lent for a change is copied first when another node shares it, lent as it is when held once, and what the change does lands in the parent alone")
    func withUniqueChild() {
        let parent = Self.parent(of: ["a"])
        let first = parent.child(at: 0, as: ChunkNode<Value>.self)
        let lent = parent.withUniqueChild(at: 0, as: ChunkNode<Value>.self) { child in
            child.append(Value("b"))
            return ObjectIdentifier(child)
        }
        #expect(lent != ObjectIdentifier(first) && lent == ObjectIdentifier(parent[0]), "shared with `first`: copied, and the copy kept")
        #expect(Self.names(first) == ["a"] && Self.names(parent.child(at: 0, as: ChunkNode<Value>.self)) == ["a", "b"])

        let address = ObjectIdentifier(parent[0])
        #expect(parent.withUniqueChild(at: 0, as: ChunkNode<Value>.self) { ObjectIdentifier($0) } == address, "held by `parent` alone: not copied")
    }

    @Test("A child lent for a change that ends with an error is back in its slot, held once, with what the change did")
    func withUniqueChildThrowing() {
        let parent = Self.parent(of: ["a"])
        weak var lent: ChunkNode<Value>?
        #expect(throws: Stop.self) {
            try parent.withUniqueChild(at: 0, as: ChunkNode<Value>.self) { child in
                lent = child
                child.append(Value("b"))
                throw Stop()
            }
        }
        #expect(lent != nil && lent === parent[0], "the lent child is back in its slot: the parent holds it")
        #expect(Self.names(parent.child(at: 0, as: ChunkNode<Value>.self)) == ["a", "b"])
        let address = ObjectIdentifier(parent[0])
        #expect(parent.withUniqueChild(at: 0, as: ChunkNode<Value>.self) { ObjectIdentifier($0) } == address, "held by the parent alone: not copied")

        // Shared: the copy is lent, and stays in the slot; the original is untouched.
        let kept = parent.child(at: 0, as: ChunkNode<Value>.self)
        #expect(throws: Stop.self) {
            try parent.withUniqueChild(at: 0, as: ChunkNode<Value>.self) { child in
                child.append(Value("c"))
                throw Stop()
            }
        }
        #expect(parent[0] !== kept && Self.names(kept) == ["a", "b"])
        #expect(Self.names(parent.child(at: 0, as: ChunkNode<Value>.self)) == ["a", "b", "c"])
    }

    @Test("Nodes are equal when they are one node or hold equal values in order")
    func equality() {
        let left = ChunkNode<Int>.make(room: 4)
        let right = ChunkNode<Int>.make(room: 8)
        [1, 2, 3].forEach { left.append($0); right.append($0) }
        #expect(left == left && left == right)
        right.append(4)
        #expect(left != right)
        _ = right.removeLast()
        right[2] = 0
        #expect(left != right)
    }

    @Test("A node let go of lets go of the values it holds, and of none it removed")
    func deinitReleasesValues() {
        weak var first: Value?
        weak var second: Value?
        do {
            let node = Self.node(["a", "b", "c"])
            first = node[0]
            second = node[1]
            _ = node.removeLast()
            #expect(first != nil && second != nil)
        }
        #expect(first == nil && second == nil)
    }

    @Test("An index node let go of lets go of its children, which let go of their values")
    func indexNodeDeinitReleasesChildren() {
        weak var child: ChunkNode<Value>?
        weak var value: Value?
        weak var grandchild: ChunkNode<AnyObject>?
        do {
            let root = ChunkNode<AnyObject>.make(room: 2)
            let level = Self.parent(of: ["a", "b"])
            root.append(level)
            root.append(Self.parent(of: ["c"]))
            grandchild = level
            child = level.child(at: 0, as: ChunkNode<Value>.self)
            value = child?[1]
            #expect(grandchild != nil && child != nil && value != nil)
        }
        #expect(grandchild == nil && child == nil && value == nil)
    }
}
