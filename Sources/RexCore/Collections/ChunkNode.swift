#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(ucrt)
import ucrt
#endif
import RexAtomics

/// Gives a node's memory back to the C library's allocator (at file scope, where `free` is the C
/// function, not ``ChunkNode/free()``).
@inlinable
func freeChunkNodeMemory(_ base: UnsafeMutableRawPointer) {
    free(base)
}

/// A node of ``ElementChunks``: a leaf of up to `room` elements, or an index node of up to
/// `room` children (the nodes of the level below). A handle: the node's memory is counted by
/// hand, not by the Swift runtime.
///
/// Why by hand: a kept state makes every change copy a leaf and the index nodes above it, and
/// the kept state's free, later, frees as many. As Swift objects, each copy retained its
/// children through the runtime's `swift_retain`, each node was made and freed through the
/// object runtime, and each free went through the runtime's release, the class's `deinit` and
/// its superclass's. Counted here, a node is one allocation, a share is one atomic add, and a
/// free is a loop (a scratch model of W15's turn, 10,000 elements and a kept copy after every
/// change: 4,015 instructions a change as Swift objects, 2,090 counted here).
///
/// Ownership: a node's count (`owners`) is the number of places that hold a share of it, each a
/// slot of an index node (a tree's root among them). Whoever holds a share gives it up with
/// ``release()``, and the last one frees the node, releasing its children's shares or
/// destroying its elements. A handle is not a share: it is valid while a share is held by
/// something the caller keeps alive (the tree of the chunks value it reads or changes); a
/// root's handle, only inside the `ChunkTree.withRoot(_:)` that lent it.
///
/// A node is changed only by the chunks value that holds its tree alone (the tree object checked
/// with `isKnownUniquelyReferenced`, then an acquiring fence), when every node on the way to it
/// has one owner (checked with an acquiring load of the count): ``uniqueChild(at:)`` copies a
/// child with more before handing it out. A node others share is only read, by any thread. The
/// count is changed with atomic operations (a release acquiring and releasing), so that the
/// owner that frees a node, or changes it once the others let it go, sees every write and read
/// made of it before.
///
/// Invariants, checked in debug builds: `0 <= count <= room` (`checkInvariant()`, after each
/// change); the first `count` values are initialized (elements in a leaf, children holding one
/// share each in an index node) and the others are not; a node is changed only while one share
/// holds it (`checkHeldAlone()`, at each change), and a share is taken or given up, or a node
/// copied, only while one holds it (`checkAlive()`: a read of a count that may be gone, so a
/// hint); each use is of the node's kind (`checkKind(leaf:)`). Every index handed in is checked
/// against `count`, in every build.
///
/// Memory: four words (owners, count, room, ``Kind``), then the values, from ``valuesOffset``:
/// `Element`s in a leaf, raw pointers to the children in an index node; made by the C library's
/// `malloc` and bound to those types there, freed by its `free`. But a tree's root lies inside
/// its ``ChunkTree`` object, laid out the same way (``initialize(_:room:kind:)``): one share, its
/// tree's, for its whole life, never taken nor given up (checked in debug builds), and its
/// memory goes with the tree's.
@usableFromInline
struct ChunkNode<Element> {
    /// The node's memory.
    @usableFromInline
    let base: UnsafeMutableRawPointer

    /// The node at `base`.
    @inlinable
    init(_ base: UnsafeMutableRawPointer) {
        self.base = base
    }

    /// Where the values start: after the four header words, aligned for `Element` (and for the
    /// children's pointers).
    @inlinable
    static var valuesOffset: Int {
        let alignment = Swift.max(MemoryLayout<Element>.alignment, MemoryLayout<UnsafeMutableRawPointer>.alignment)
        return (4 * MemoryLayout<Int>.stride + alignment - 1) / alignment * alignment
    }

    /// What a node holds, in its fourth word.
    @usableFromInline
    enum Kind: Int {
        /// Children, in memory of its own.
        case index
        /// Elements, in memory of its own.
        case leaf
        /// Children, in its tree's memory: the root, of which the tree holds the one share.
        case root
    }

    /// The bytes a node of `kind` with room for `room` values takes.
    @inlinable
    static func byteCount(room: Int, kind: Kind) -> Int {
        let valueStride = kind == .leaf ? MemoryLayout<Element>.stride : MemoryLayout<UnsafeMutableRawPointer>.stride
        return valuesOffset + room * valueStride
    }

    /// A node with no values and room for `room`, held by one share (the caller's).
    @inlinable
    static func make(room: Int, leaf: Bool) -> ChunkNode {
        let kind = leaf ? Kind.leaf : .index
        let byteCount = byteCount(room: room, kind: kind)
        // The C library's `malloc`, whose memory is aligned for any type here (16 bytes, C's
        // `max_align_t`, on the platforms Rex runs on; Swift aligns no type beyond 16):
        // `allocate(byteCount:alignment:)` asks the runtime for an aligned allocation
        // (`posix_memalign` on Linux) whatever the alignment, about 30 instructions a node more.
        precondition(MemoryLayout<Element>.alignment <= 16, "ChunkNode: elements aligned to \(MemoryLayout<Element>.alignment) bytes")
        guard let base = malloc(byteCount) else { fatalError("ChunkNode.make: out of memory for \(byteCount) bytes") }
        // Checked in every build: a platform whose `malloc` aligns less (8 bytes on 32-bit
        // systems) would misplace an element aligned to 16.
        precondition(Int(bitPattern: base) % MemoryLayout<Element>.alignment == 0, "ChunkNode.make: malloc's memory is not aligned for \(Element.self)")
        return initialize(base, room: room, kind: kind)
    }

    /// A node of `kind` with no values and room for `room`, held by one share, made in the
    /// `byteCount(room:kind:)` uninitialized bytes at `base`, aligned for `Element` and for
    /// pointers.
    @inlinable
    static func initialize(_ base: UnsafeMutableRawPointer, room: Int, kind: Kind) -> ChunkNode {
        precondition(room > 0, "ChunkNode: room for \(room) values")
        let words = base.bindMemory(to: Int.self, capacity: 4)
        words.initialize(to: 1)
        (words + 1).initialize(to: 0)
        (words + 2).initialize(to: room)
        (words + 3).initialize(to: kind.rawValue)
        if kind == .leaf {
            (base + valuesOffset).bindMemory(to: Element.self, capacity: room)
        } else {
            (base + valuesOffset).bindMemory(to: UnsafeMutableRawPointer.self, capacity: room)
        }
        return ChunkNode(base)
    }

    /// A leaf with room for `room` elements.
    @inlinable
    static func makeLeaf(room: Int) -> ChunkNode {
        make(room: room, leaf: true)
    }

    /// An index node with room for `room` children.
    @inlinable
    static func makeIndex(room: Int) -> ChunkNode {
        make(room: room, leaf: false)
    }

    /// The header's words: owners (changed atomically), count, room, kind.
    @inlinable
    var words: UnsafeMutablePointer<Int> {
        base.assumingMemoryBound(to: Int.self)
    }

    /// The elements of a leaf.
    @inlinable
    var elements: UnsafeMutablePointer<Element> {
        (base + Self.valuesOffset).assumingMemoryBound(to: Element.self)
    }

    /// The children of an index node.
    @inlinable
    var children: UnsafeMutablePointer<UnsafeMutableRawPointer> {
        (base + Self.valuesOffset).assumingMemoryBound(to: UnsafeMutableRawPointer.self)
    }

    /// The number of values held.
    @inlinable
    var count: Int {
        words[1]
    }

    /// The number of values the node has room for.
    @inlinable
    var room: Int {
        words[2]
    }

    /// Whether the node is a leaf (of elements), not an index node (of nodes).
    @inlinable
    var isLeaf: Bool {
        words[3] == Kind.leaf.rawValue
    }

    /// Whether the node is a tree's root, in its tree's memory.
    @inlinable
    var isRoot: Bool {
        words[3] == Kind.root.rawValue
    }

    /// Whether the node holds no value.
    @inlinable
    var isEmpty: Bool {
        count == 0
    }

    /// The indices of the values held.
    @inlinable
    var indices: Range<Int> {
        0..<count
    }

    /// The index after the last value held.
    @inlinable
    var endIndex: Int {
        count
    }

    /// Whether one share holds the node: the holder may change it. Acquiring, so that what
    /// other owners wrote before they let their shares go is seen.
    @inlinable
    var isUnique: Bool {
        rex_atomic_load_acquire(words) == 1
    }

    /// Takes one more share of the node, for a new holder.
    @inlinable
    func retain() {
        checkAlive()
        checkNotRoot()
        _ = rex_atomic_increment_relaxed(words)
    }

    /// Gives up a share of the node; the last one frees it (its children's shares given up, or
    /// its elements destroyed).
    ///
    /// - Complexity: O(1), and when the last share goes, O(the nodes and elements freed).
    @inlinable
    func release() {
        checkAlive()
        checkNotRoot()
        if rex_atomic_decrement_acquiring_releasing(words) == 0 {
            free()
        }
    }

    /// Frees the node, which no one holds any more. Out of line: the rest of `release()` is a
    /// decrement and a branch, inlined where shares are given up; inlinable, so that it is
    /// compiled for the app's `Element` (compiled for any, each element is destroyed through
    /// its type's value witnesses, looked up at run time).
    @inlinable @inline(never)
    func free() {
        releaseValues()
        freeChunkNodeMemory(base)
    }

    /// Destroys a leaf's elements, or gives up an index node's shares of its children: what a
    /// node's free does before its memory goes, and a tree's `deinit` for its root.
    ///
    /// - Complexity: O(`count`), and O(the nodes and elements freed).
    @inlinable @inline(__always)
    func releaseValues() {
        let count = self.count
        if isLeaf {
            // One at a time, in code compiled for `Element`: `deinitialize(count:)` calls the
            // runtime's array destroyer, which asks the type how to destroy each.
            let elements = self.elements
            for index in 0..<count {
                (elements + index).deinitialize(count: 1)
            }
        } else {
            let children = self.children
            for index in 0..<count {
                ChunkNode(children[index]).release()
            }
        }
    }

    /// Stops a debug build that uses a node no one holds.
    @inlinable
    func checkAlive() {
        assert(rex_atomic_load_relaxed(words) >= 1, "ChunkNode: a node used after its last share went")
    }

    /// Stops a debug build that takes or gives up a share of a tree's root, which its tree
    /// holds alone, in memory that is not `malloc`'s.
    @inlinable
    func checkNotRoot() {
        assert(!isRoot, "ChunkNode: a share of a tree's root taken or given up")
    }

    /// Stops a debug build whose node breaks its invariant.
    @inlinable
    func checkInvariant() {
        assert(count >= 0 && count <= room, "ChunkNode: \(count) values held in room for \(room)")
    }

    /// Stops the program when `index` is not the index of a value held.
    @inlinable
    func checkIndex(_ index: Int) {
        precondition(index >= 0 && index < count, "ChunkNode: index \(index) out of \(count) values")
    }

    /// Stops a debug build that changes a node another share holds: a kept copy's.
    @inlinable
    func checkHeldAlone() {
        assert(rex_atomic_load_relaxed(words) == 1, "ChunkNode: a node changed while another share holds it")
    }

    /// Stops a debug build that uses a leaf as an index node or the other way round.
    @inlinable
    func checkKind(leaf: Bool) {
        assert(isLeaf == leaf, leaf ? "ChunkNode: an index node used as a leaf" : "ChunkNode: a leaf used as an index node")
    }

    /// Sets the number of values held.
    @inlinable
    func setCount(_ count: Int) {
        checkHeldAlone()
        words[1] = count
        checkInvariant()
    }

    /// A node of its own holding these values, with room for `room` (at least `count`): a
    /// leaf's elements copied, an index node's children shared (a share taken of each).
    ///
    /// - Complexity: O(`count`).
    @inlinable
    func copy(room: Int) -> ChunkNode {
        let copy = ChunkNode.make(room: room, leaf: isLeaf)
        copyValues(into: copy)
        return copy
    }

    /// Puts copies of these values into `copy`, an empty node of the same kind of values with
    /// room for them: a leaf's elements copied, an index node's children shared (a share taken
    /// of each).
    ///
    /// - Complexity: O(`count`).
    @inlinable @inline(__always)
    func copyValues(into copy: ChunkNode) {
        checkAlive()
        let count = self.count
        precondition(copy.room >= count, "ChunkNode.copyValues: \(count) values into room for \(copy.room)")
        assert(copy.isEmpty && copy.isLeaf == isLeaf, "ChunkNode.copyValues: into a node not empty, or of the other kind of values")
        if isLeaf {
            // One element at a time, in code compiled for `Element`: `initialize(from:count:)`
            // copies through the value witnesses.
            let elements = self.elements, copies = copy.elements
            for index in 0..<count {
                (copies + index).initialize(to: elements[index])
            }
        } else {
            let children = self.children, copies = copy.children
            for index in 0..<count {
                let child = children[index]
                ChunkNode(child).retain()
                (copies + index).initialize(to: child)
            }
        }
        copy.setCount(count)
    }

    // MARK: Leaves

    /// The element at `index` of a leaf.
    @inlinable
    subscript(index: Int) -> Element {
        get {
            checkKind(leaf: true)
            checkIndex(index)
            return elements[index]
        }
        nonmutating _modify {
            checkKind(leaf: true)
            checkHeldAlone()
            checkIndex(index)
            yield &elements[index]
        }
    }

    /// Calls `body` with the element at `index` of a leaf, in place, and returns what it
    /// returns.
    @inlinable
    func update<Result>(at index: Int, _ body: (inout Element) throws -> Result) rethrows -> Result {
        checkKind(leaf: true)
        checkHeldAlone()
        checkIndex(index)
        return try body(&elements[index])
    }

    /// Adds an element at the end of a leaf.
    ///
    /// - Precondition: There is room for it.
    @inlinable
    func append(_ element: Element) {
        checkKind(leaf: true)
        let count = self.count
        precondition(count < room, "ChunkNode.append: no room")
        (elements + count).initialize(to: element)
        setCount(count + 1)
    }

    /// Removes the last element of a leaf and returns it.
    ///
    /// - Precondition: There is an element.
    @inlinable
    @discardableResult
    func removeLast() -> Element {
        checkKind(leaf: true)
        let count = self.count
        precondition(count > 0, "ChunkNode.removeLast: no value")
        setCount(count - 1)
        return (elements + count - 1).move()
    }

    /// Removes the element at `index` of a leaf and returns it; the elements after it come one
    /// closer.
    ///
    /// - Complexity: O(`count - index`).
    @inlinable
    @discardableResult
    func remove(at index: Int) -> Element {
        checkKind(leaf: true)
        checkIndex(index)
        let count = self.count
        let removed = (elements + index).move()
        (elements + index).moveInitialize(from: elements + index + 1, count: count - index - 1)
        setCount(count - 1)
        return removed
    }

    /// Exchanges the elements at two indices of a leaf by moving their memory (no element
    /// retained or released).
    @inlinable
    func swapByMoving(_ i: Int, _ j: Int) {
        checkKind(leaf: true)
        checkHeldAlone()
        checkIndex(i)
        checkIndex(j)
        UnsafeMutableBufferPointer(start: elements, count: count).swapAt(i, j)
    }

    /// Calls `body` with the elements of a leaf, in order, and returns what it returns.
    @inlinable
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        checkKind(leaf: true)
        return try body(UnsafeBufferPointer(start: elements, count: count))
    }

    // MARK: Index nodes

    /// The child at `index` of an index node, for reading.
    @inlinable
    func child(at index: Int) -> ChunkNode {
        checkKind(leaf: false)
        checkIndex(index)
        return ChunkNode(children[index])
    }

    /// The child at `index` of an index node, copied first (the copy taking its place) when
    /// anything else holds a share of it.
    @inlinable
    func uniqueChild(at index: Int) -> ChunkNode {
        checkKind(leaf: false)
        checkIndex(index)
        let child = ChunkNode(children[index])
        if child.isUnique {
            return child
        }
        let copy = child.copy(room: child.room)
        checkHeldAlone()
        children[index] = copy.base
        // This node's share of the original goes: the others still hold it, or, if they let it
        // go meanwhile, this was the last, and it is freed.
        child.release()
        return copy
    }

    /// Adds a child at the end of an index node, with the share the caller hands over.
    ///
    /// - Precondition: There is room for it.
    @inlinable
    func append(child: ChunkNode) {
        checkKind(leaf: false)
        let count = self.count
        precondition(count < room, "ChunkNode.append(child:): no room")
        (children + count).initialize(to: child.base)
        setCount(count + 1)
    }

    /// Removes the last child of an index node, giving up this node's share of it.
    ///
    /// - Precondition: There is a child.
    @inlinable
    func removeLastChild() {
        takeLastChild().release()
    }

    /// Removes the last child of an index node and returns it, with this node's share of it
    /// handed to the caller.
    ///
    /// - Precondition: There is a child.
    @inlinable
    func takeLastChild() -> ChunkNode {
        checkKind(leaf: false)
        let count = self.count
        precondition(count > 0, "ChunkNode.takeLastChild: no child")
        setCount(count - 1)
        return ChunkNode((children + count - 1).move())
    }

    /// Moves the children of an index node, with their shares, into `other`, an empty index
    /// node with room for them; this node is left empty. No share is taken or given up.
    ///
    /// - Complexity: O(`count`).
    @inlinable
    func moveChildren(into other: ChunkNode) {
        checkKind(leaf: false)
        other.checkKind(leaf: false)
        let count = self.count
        precondition(other.isEmpty && other.room >= count, "ChunkNode.moveChildren: \(count) children into a node of \(other.count) with room for \(other.room)")
        other.children.moveInitialize(from: children, count: count)
        setCount(0)
        other.setCount(count)
    }

    /// Whether two handles are of one node.
    @inlinable
    func isSameNode(as other: ChunkNode) -> Bool {
        base == other.base
    }
}

extension ChunkNode where Element: Equatable {
    /// Whether two leaves hold equal elements in the same order; at once when they are one node.
    @inlinable
    func elementsEqual(_ other: ChunkNode) -> Bool {
        if isSameNode(as: other) { return true }
        return withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in
                mine.count == theirs.count && mine.indices.allSatisfy { mine[$0] == theirs[$0] }
            }
        }
    }
}
