@testable import RexCore
import Testing

/// White-box tests of `ChunkNode`, the hand-counted storage under `ElementChunks`: each of its
/// paths (make, append, removeLast, remove(at:), swap, update, the subscript's change and its
/// ending by an error, copy of a leaf and of an index node, a unique child shared or not, a
/// child added and removed, children moved and the last taken, equality, the last share's free
/// of a leaf and of an index node, and elements aligned to 16 bytes), with the elements'
/// references and the nodes' counts of owners watched, so that an element or a node lost,
/// doubled or kept alive would show.
@Suite("ChunkNode")
struct ChunkNodeTests {
    final class Value: Sendable {
        let name: String
        init(_ name: String) { self.name = name }
    }

    struct Stop: Error {}

    typealias Node = ChunkNode<Value>

    static func leaf(_ names: [String], room: Int = 8) -> Node {
        let node = Node.makeLeaf(room: room)
        names.forEach { node.append(Value($0)) }
        return node
    }

    static func names(_ node: Node) -> [String] {
        node.withUnsafeBufferPointer { $0.map(\.name) }
    }

    /// The number of shares held of `node`.
    static func owners(_ node: Node) -> Int {
        node.words[0]
    }

    /// An index node holding `children`, with the shares the caller hands over.
    static func parent(of children: [Node], room: Int = 4) -> Node {
        let parent = Node.makeIndex(room: room)
        children.forEach { parent.append(child: $0) }
        return parent
    }

    @Test("Appending, removing the last element and removing one in the middle keep the others in order, and let go of what they remove")
    func appendAndRemove() {
        weak var middle: Value?
        weak var last: Value?
        let node = Self.leaf(["a", "b", "c", "d"])
        defer { node.release() }
        #expect(node.count == 4 && node.room == 8 && node.isLeaf && Self.names(node) == ["a", "b", "c", "d"])
        middle = node[1]
        last = node[3]
        #expect(node.removeLast().name == "d")
        #expect(last == nil, "the removed element is not kept by the node")
        #expect(node.remove(at: 1).name == "b")
        #expect(middle == nil)
        #expect(Self.names(node) == ["a", "c"] && node.count == 2)
        #expect(node.remove(at: 1).name == "c")
        #expect(Self.names(node) == ["a"])
    }

    @Test("A swap moves the two elements and nothing else; swapping an element with itself changes nothing")
    func swap() {
        let node = Self.leaf(["a", "b", "c"])
        defer { node.release() }
        node.swapByMoving(0, 2)
        #expect(Self.names(node) == ["c", "b", "a"])
        node.swapByMoving(1, 1)
        #expect(Self.names(node) == ["c", "b", "a"])
        var held = node[0]
        #expect(!isKnownUniquelyReferenced(&held), "the node still holds the element: held here and there")
    }

    @Test("update(at:) and the subscript change an element in place; a change ended by an error leaves an element in the slot")
    func changeInPlace() throws {
        let node = ChunkNode<Int>.makeLeaf(room: 4)
        defer { node.release() }
        (0..<4).forEach { node.append($0) }
        node.update(at: 2) { $0 += 10 }
        node[3] *= 7
        #expect(node.withUnsafeBufferPointer(Array.init) == [0, 1, 12, 21])

        func setThenThrow(_ value: inout Int) throws {
            value = 99
            throw Stop()
        }
        #expect(throws: Stop.self) { try setThenThrow(&node[1]) }
        #expect(node.withUnsafeBufferPointer(Array.init) == [0, 99, 12, 21], "the value written before the error is in place")

        weak var replaced: Value?
        let values = Self.leaf(["a", "b"])
        defer { values.release() }
        replaced = values[0]
        #expect(throws: Stop.self) {
            try { (value: inout Value) throws in
                value = Value("z")
                throw Stop()
            }(&values[0])
        }
        #expect(Self.names(values) == ["z", "b"] && replaced == nil)
    }

    @Test("A leaf's copy holds the same elements in a node of its own, held once; changing one leaves the other alone")
    func copyOfALeaf() {
        let original = Self.leaf(["a", "b"], room: 4)
        let copy = original.copy(room: 6)
        #expect(!copy.isSameNode(as: original) && copy.room == 6 && copy.isLeaf && Self.names(copy) == ["a", "b"])
        #expect(copy[0] === original[0], "the elements themselves are shared, as an array's copy shares them")
        #expect(Self.owners(copy) == 1 && Self.owners(original) == 1)
        copy.append(Value("c"))
        copy[0] = Value("x")
        #expect(Self.names(original) == ["a", "b"] && Self.names(copy) == ["x", "b", "c"])
        original.release()
        copy.release()
    }

    @Test("An index node's copy shares its children, a share more of each, and its release gives those shares up")
    func copyOfAnIndexNode() {
        weak var element: Value?
        let child = Self.leaf(["a"])
        element = child[0]
        let parent = Self.parent(of: [child])
        #expect(Self.owners(child) == 1 && !parent.isLeaf)
        let copy = parent.copy(room: 4)
        #expect(copy.child(at: 0).isSameNode(as: child) && Self.owners(child) == 2 && !copy.isLeaf)
        parent.release()
        #expect(Self.owners(child) == 1 && element != nil, "the copy still holds the child")
        copy.release()
        #expect(element == nil, "the last share of the child went with the copy: the child and its element are freed")
    }

    @Test("A child another node shares is copied before it is handed out for a change, the original left to the other; a child held once is handed out as it is")
    func uniqueChild() {
        let first = Self.leaf(["a"])
        let parent = Self.parent(of: [first])
        first.retain()  // a kept copy's share
        let unique = parent.uniqueChild(at: 0)
        #expect(!unique.isSameNode(as: first) && Self.names(unique) == ["a"], "shared: copied")
        #expect(Self.owners(first) == 1 && Self.owners(unique) == 1, "the parent's share moved to the copy")
        unique.append(Value("b"))
        #expect(Self.names(first) == ["a"] && Self.names(parent.child(at: 0)) == ["a", "b"])
        #expect(parent.uniqueChild(at: 0).isSameNode(as: unique), "held by the parent alone: not copied")
        first.release()
        parent.release()
    }

    @Test("A child copied for a change is left to the other parent that shares it, and freed with that parent; the copy keeps its elements")
    func uniqueChildOfASharedParent() {
        weak var element: Value?
        let first = Self.leaf(["a"])
        element = first[0]
        let parent = Self.parent(of: [first])
        let other = parent.copy(room: 4)  // two parents share `first`
        #expect(Self.owners(first) == 2)
        let unique = parent.uniqueChild(at: 0)
        #expect(Self.owners(first) == 1 && Self.owners(unique) == 1)
        other.release()  // the last share of `first` goes here
        #expect(element != nil, "the unique copy holds the element")
        parent.release()
        #expect(element == nil)
    }

    @Test("Removing an index node's last child gives up its share; a child held elsewhere lives on")
    func removeLastChild() {
        weak var freed: Value?
        weak var kept: Value?
        let held = Self.leaf(["held"])
        let parent = Self.parent(of: [held, Self.leaf(["freed"])])
        freed = parent.child(at: 1)[0]
        kept = held[0]
        held.retain()
        parent.removeLastChild()
        #expect(freed == nil && parent.count == 1)
        parent.removeLastChild()
        #expect(kept != nil && Self.owners(held) == 1 && parent.isEmpty)
        held.release()
        #expect(kept == nil)
        parent.release()
    }

    @Test("Moving an index node's children moves them with their shares; taking the last child hands its share over")
    func moveChildrenAndTakeLastChild() {
        weak var element: Value?
        let children = [Self.leaf(["a"]), Self.leaf(["b"])]
        element = children[0][0]
        let parent = Self.parent(of: children)
        let other = Node.makeIndex(room: 4)
        parent.moveChildren(into: other)
        #expect(parent.isEmpty && other.count == 2)
        #expect(other.child(at: 0).isSameNode(as: children[0]) && other.child(at: 1).isSameNode(as: children[1]))
        #expect(children.allSatisfy { Self.owners($0) == 1 }, "no share taken or given up")
        parent.release()
        #expect(element != nil, "the emptied parent held nothing")
        let taken = other.takeLastChild()
        #expect(taken.isSameNode(as: children[1]) && Self.owners(taken) == 1 && other.count == 1)
        #expect(Self.names(taken) == ["b"], "the caller holds the share: the child lives")
        taken.release()
        other.release()
        #expect(element == nil)
    }

    @Test("Leaves are equal when they are one node or hold equal elements in order")
    func equality() {
        let left = ChunkNode<Int>.makeLeaf(room: 4)
        let right = ChunkNode<Int>.makeLeaf(room: 8)
        [1, 2, 3].forEach { left.append($0); right.append($0) }
        #expect(left.elementsEqual(left) && left.elementsEqual(right))
        right.append(4)
        #expect(!left.elementsEqual(right))
        _ = right.removeLast()
        right[2] = 0
        #expect(!left.elementsEqual(right))
        left.release()
        right.release()
    }

    @Test("A leaf's last share frees it with the elements it holds, and none it removed")
    func freeOfALeaf() {
        weak var first: Value?
        weak var second: Value?
        let node = Self.leaf(["a", "b", "c"])
        let removed = node.removeLast()
        node.retain()
        first = node[0]
        second = node[1]
        node.release()
        #expect(first != nil && second != nil, "a share is left")
        node.release()
        #expect(first == nil && second == nil && removed.name == "c")
    }

    @Test("An index node's last share frees its children that nothing else holds, down to their elements")
    func freeOfAnIndexNode() {
        weak var deep: Value?
        weak var shared: Value?
        let sharedLeaf = Self.leaf(["shared"])
        shared = sharedLeaf[0]
        sharedLeaf.retain()
        let level = Self.parent(of: [Self.leaf(["a", "deep"]), sharedLeaf])
        deep = level.child(at: 0)[1]
        let root = Self.parent(of: [level, Self.parent(of: [Self.leaf(["c"])])])
        #expect(deep != nil && shared != nil)
        root.release()
        #expect(deep == nil, "freed with the nodes above it")
        #expect(shared != nil && Self.owners(sharedLeaf) == 1, "held elsewhere: only the freed parent's share went")
        sharedLeaf.release()
        #expect(shared == nil)
    }

    @Test("Elements aligned to 16 bytes, the most Swift aligns, are held aligned, read, copied and freed as others")
    func alignedElements() {
        let leaf = ChunkNode<SIMD4<Float>>.makeLeaf(room: 4)
        (0..<3).forEach { leaf.append(SIMD4(repeating: Float($0))) }
        #expect(MemoryLayout<SIMD4<Float>>.alignment == 16 && Int(bitPattern: leaf.elements) % 16 == 0)
        let copy = leaf.copy(room: 4)
        copy[1] = SIMD4(repeating: 10)
        #expect(leaf.withUnsafeBufferPointer(Array.init) == (0..<3).map { SIMD4(repeating: Float($0)) } && copy[1] == SIMD4(repeating: 10))
        let parent = ChunkNode<SIMD4<Float>>.makeIndex(room: 2)
        parent.append(child: copy)
        parent.release()
        leaf.release()
    }
}
