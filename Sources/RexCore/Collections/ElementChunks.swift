import RexAtomics

/// The elements of an identified array in small chunks under an index: the layout an array takes
/// once a copy of it is kept (a recorded state, an undo step, a saved part), so that a change
/// copies the chunk it touches and the path to it rather than every element.
///
/// A tree of copy-on-write nodes (``ChunkNode``, counted by hand): leaves of 8 elements, under
/// index nodes of 8 children each, `height` levels of them, the root at the top, in the memory
/// of the ``ChunkTree`` that copies of the value share. Changing an element (``update(at:_:)``,
/// ``subscript(_:)``) copies the tree object when a kept copy shares it, with its root, then
/// checks each node on the way down for uniqueness and copies those that a kept copy shares:
/// one leaf (8 elements) and one node a level (up to 8 references each). Chunks that no change
/// touched stay shared between every copy. Two copies compare in the same way: shared chunks are
/// equal at once, as two arrays sharing their storage are.
///
/// The tree grows a level at the top when it is full, and loses one when its root is left with
/// one child (down to four levels), so a change copies O(log *n*) references: 35 at 10,000
/// elements (four index levels, the root holding 3 children), 44 at 100,000 (five, the root
/// holding 4). Leaves and index nodes are one type, `ChunkNode<Element>`, which a height known
/// only at run time needs: a node's header says which it is, and the walk knows it from the
/// level, the leaves at level 1, index nodes above.
///
/// Why 8 above the leaves, and in them (see ``leafShift``): a copy of a node takes a share of
/// each child (and a leaf's copy retains what each element holds), and the node's free, when the
/// last state holding it goes, gives each up; those atomic operations, not the instructions, were
/// most of a kept state's cost (W15, with nodes as Swift objects: 59% of its time in
/// `swift_retain` and `swift_release`). In the layout before this tree (twigs and
/// branches of 16 under a list of branches), nodes of 16 made a change copy 35 references at
/// 10,000 elements and 57 at 100,000, where nodes of 8 copied 25 and 37 (see Docs/Performance.md).
///
/// Invariants (checked by `checkInvariants()` in debug builds when chunks are made, and by the
/// tests after each change of shape): every node is full but the last of its level, none is
/// empty (but the root of no elements), `height` is the least (at least ``minimumHeight``) whose
/// tree holds `count` elements, and `count` is the number of elements; but between
/// `ElementStorage.take(at:)` and its `restore` or `closeGap`, one leaf is one element short, and
/// may be empty. So the element at position `p` is, from the root down, at the child
/// `(p >> childShift(level)) & 7` of each level, and at `p & 7` in its leaf.
@usableFromInline
struct ElementChunks<Element> {
    /// A node of elements.
    @usableFromInline
    typealias Leaf = ChunkNode<Element>
    /// A node of nodes: of leaves at level 1, of index nodes above.
    @usableFromInline
    typealias IndexNode = ChunkNode<Element>

    /// The owner of the nodes, which copies of this value share; the root, of level `height`,
    /// lies in it.
    @usableFromInline
    var tree: ChunkTree<Element>
    /// The number of index levels, at least ``minimumHeight``.
    @usableFromInline
    var height: Int
    /// The number of elements.
    @usableFromInline
    var count: Int

    /// The binary logarithm of how many elements a leaf holds: 8. A change after a kept copy
    /// copies a leaf, retaining what each element holds, and the copy's free releases it: leaves
    /// of 8 rather than 16 took W15 (10,000 items) from 7,781 instructions a turn to 7,438 and its
    /// calls to `swift_retain` and `swift_release` from 128 to 114, and W13 without the logger from 5,028 to 4,585.
    /// (Leaves of 32 made W15 and W13 slower: the copied leaf twice as long.)
    @inlinable
    static var leafShift: Int { 3 }

    /// The binary logarithm of how many children an index node holds: 8.
    @inlinable
    static var fanOutShift: Int { 3 }

    /// How many children an index node holds.
    @inlinable
    static var fanOut: Int { 1 << fanOutShift }

    /// The fewest index levels a tree has: 4, the levels a walk goes through in line, in nested
    /// calls the optimizer inlines, and reads without retaining a node; each level above them,
    /// from 32,769 elements, is one call more. (W15, 10,000 elements: a call at every level cost
    /// 150 instructions a change more, and a read that looped over the levels retained and
    /// released each node on its way, W13 +200 a turn.)
    @inlinable
    static var minimumHeight: Int { 4 }

    /// The binary logarithm of how many elements each child of an index node of `level` holds.
    @inlinable @inline(__always)
    static func childShift(_ level: Int) -> Int {
        leafShift + fanOutShift * (level - 1)
    }

    /// How many elements a tree of `height` index levels holds when full.
    @inlinable
    static func capacity(height: Int) -> Int {
        1 << childShift(height + 1)
    }

    /// The position of the element at `position` in its leaf.
    @inlinable
    static func offsetInLeaf(_ position: Int) -> Int {
        position & (1 << leafShift - 1)
    }

    /// The index, in its node, of the child whose elements are `1 << shift` long that holds
    /// `position`.
    @inlinable @inline(__always)
    static func index(of position: Int, below shift: Int) -> Int {
        (position >> shift) & (fanOut - 1)
    }

    /// The chunks of `elements`, in order.
    ///
    /// - Complexity: O(*n* log *n*): each element is appended down the tree's right edge.
    @inlinable
    init<C: Collection>(_ elements: C) where C.Element == Element {
        tree = ChunkTree.make(room: Self.fanOut)
        height = Self.minimumHeight
        count = 0
        ElementChunksReader<Element>.keep()
        for element in elements {
            append(element)
        }
        checkInvariants()
    }

    /// The element at `position`.
    @inlinable
    subscript(position: Int) -> Element {
        get {
            self[leafContaining: position][Self.offsetInLeaf(position)]
        }
        _modify {
            let leaf = uniqueLeaf(containing: position)
            yield &leaf[Self.offsetInLeaf(position)]
        }
    }

    /// Calls `body` with the element at `position`, in place, and returns what it returns.
    @inlinable
    mutating func update<Result>(at position: Int, _ body: (inout Element) throws -> Result) rethrows -> Result {
        try uniqueLeaf(containing: position).update(at: Self.offsetInLeaf(position), body)
    }

    /// The element at `position` of `chunks`: what an ``ElementChunksReader`` reads.
    @inlinable
    static func element(of chunks: ElementChunks, at position: Int) -> Element {
        chunks[position]
    }

    /// The leaf that holds the element at `position`, for reading only: kept copies may share
    /// it. To change it, use ``uniqueLeaf(containing:)``.
    ///
    /// - Complexity: O(log *n*).
    @inlinable
    subscript(leafContaining position: Int) -> Leaf {
        checkPosition(position)
        return withRoot { Self.leaf(below: $0, level: height, containing: position) }
    }

    /// Calls `body` with the root, the index node at the top, of level `height`, and returns
    /// what it returns. The root's handle is valid only inside `body`.
    @inlinable @inline(__always)
    func withRoot<Result>(_ body: (IndexNode) throws -> Result) rethrows -> Result {
        try tree.withRoot(body)
    }

    /// Stops the program when `position` is not one of the elements': the index of each level
    /// is the position's bits masked to a node's 8 children, so a position past the end (or
    /// negative) would find an element in a full tree rather than fail a node's index check.
    @inlinable
    func checkPosition(_ position: Int) {
        precondition(UInt(bitPattern: position) < UInt(count), "ElementChunks: position \(position) out of \(count) elements")
    }

    /// `self[leafContaining:]` below `node`, of `level`. The last four levels are read in one
    /// expression, which retains none of the nodes on the way.
    @inlinable
    static func leaf(below node: IndexNode, level: Int, containing position: Int) -> Leaf {
        // The four levels below are written out: `minimumHeight` is 4.
        if level == minimumHeight {
            return node.child(at: index(of: position, below: childShift(4)))
                .child(at: index(of: position, below: childShift(3)))
                .child(at: index(of: position, below: childShift(2)))
                .child(at: index(of: position, below: leafShift))
        }
        return leaf(below: node.child(at: index(of: position, below: childShift(level))), level: level - 1, containing: position)
    }

    /// The leaf that holds the element at `position`, for a change: it and the path to it are
    /// copied first where a kept copy shares them (see ``ChunkNode/uniqueChild(at:)``). A
    /// handle, valid while this value holds its tree alone and unchanged in shape.
    ///
    /// - Complexity: O(log *n*), and a copy of the leaf and of a node a level where a kept copy
    ///   shares them.
    @inlinable
    mutating func uniqueLeaf(containing position: Int) -> Leaf {
        checkPosition(position)
        makeTreeUnique()
        // The height read first, here and in the other changes: a closure that read it from
        // `self`, which is `inout` here, would make the tree be retained around the call (W15:
        // an atomic pair a turn).
        let height = height
        return withRoot { Self.uniqueLeaf(below: $0, level: height, containing: position) }
    }

    /// `uniqueLeaf(containing:)` below `node`, of `level`, which the caller holds alone.
    @inlinable
    static func uniqueLeaf(below node: IndexNode, level: Int, containing position: Int) -> Leaf {
        // The four levels below are written out: `minimumHeight` is 4.
        if level == minimumHeight {
            return node.uniqueChild(at: index(of: position, below: childShift(4)))
                .uniqueChild(at: index(of: position, below: childShift(3)))
                .uniqueChild(at: index(of: position, below: childShift(2)))
                .uniqueChild(at: index(of: position, below: leafShift))
        }
        return uniqueLeaf(below: node.uniqueChild(at: index(of: position, below: childShift(level))), level: level - 1, containing: position)
    }

    /// Makes the tree, and so its root, this value's alone: a copy when a kept copy shares it.
    @inlinable
    mutating func makeTreeUnique() {
        if !holdsTreeAlone() {
            tree = tree.copy()
        }
    }

    /// Whether this value holds its tree alone: it may change the tree's root, and the nodes
    /// below that one share holds.
    ///
    /// After an acquiring fence: a copy that read or copied the nodes on another thread, then
    /// let its tree go, released its reference with release ordering, but the check of the
    /// reference count reads it with none on some platforms (arm64); the nodes' own counts,
    /// never above one meanwhile, order nothing. (x86 needs no instruction for the fence.)
    @inlinable
    mutating func holdsTreeAlone() -> Bool {
        guard isKnownUniquelyReferenced(&tree) else { return false }
        rex_atomic_fence_acquire()
        return true
    }

    /// Whether the element at `position` opens a node whose elements are `1 << shift` long: the
    /// first element of a leaf (`leafShift`), of a child of a level-2 node (`childShift(2)`),
    /// and so on.
    @inlinable
    static func opens(_ position: Int, _ shift: Int) -> Bool {
        position & (1 << shift - 1) == 0
    }

    /// Adds an element at the end, opening a new leaf and new nodes where the last are full, and
    /// a level under the root when the tree is full (the root's children move down into it).
    ///
    /// - Complexity: O(log *n*), and a copy of the last leaf and of the last node of each level
    ///   where a kept copy shares them.
    @inlinable
    mutating func append(_ element: Element) {
        makeTreeUnique()
        if count == Self.capacity(height: height) {
            // A level more: the root's children move into a node below it, its first child.
            withRoot { root in
                let lowered = IndexNode.makeIndex(room: Self.fanOut)
                root.moveChildren(into: lowered)
                root.append(child: lowered)
            }
            height += 1
        }
        let (level, position) = (height, count)
        withRoot { Self.append(element, below: $0, level: level, at: position) }
        count += 1
    }

    /// `append(_:)` below `node`, of `level`, which the caller holds alone; the element goes to
    /// `position`.
    @inlinable
    static func append(_ element: Element, below node: IndexNode, level: Int, at position: Int) {
        if level == 1 {
            if opens(position, leafShift) {
                node.append(child: Leaf.makeLeaf(room: 1 << leafShift))
            }
            node.uniqueChild(at: node.count - 1).append(element)
            return
        }
        if opens(position, childShift(level)) {
            node.append(child: IndexNode.makeIndex(room: fanOut))
        }
        append(element, below: node.uniqueChild(at: node.count - 1), level: level - 1, at: position)
    }

    /// Removes the last element, the nodes it leaves empty and the levels at the top it leaves
    /// with one child, and returns it.
    ///
    /// - Precondition: There is an element.
    /// - Complexity: O(log *n*), and a copy of the last leaf and of the last node of each level
    ///   where a kept copy shares them.
    @inlinable
    @discardableResult
    mutating func removeLast() -> Element {
        precondition(count > 0, "ElementChunks.removeLast: no element")
        count -= 1
        makeTreeUnique()
        let (level, position) = (height, count)
        let element = withRoot { Self.removeLast(below: $0, level: level, at: position) }
        while height > Self.minimumHeight && count <= Self.capacity(height: height - 1) {
            // A level less: the root's one child gives the root its children. Shared, as kept
            // copies may share the child: a share taken of each, the child's given up.
            withRoot { root in
                assert(root.count == 1, "ElementChunks: a level taken away from a root of \(root.count) children")
                let child = root.takeLastChild()
                for index in child.indices {
                    let grandchild = child.child(at: index)
                    grandchild.retain()
                    root.append(child: grandchild)
                }
                child.release()
            }
            height -= 1
        }
        return element
    }

    /// `removeLast()` below `node`, of `level`, which the caller holds alone; the element is at
    /// `position`.
    @inlinable
    static func removeLast(below node: IndexNode, level: Int, at position: Int) -> Element {
        let element: Element
        if level == 1 {
            element = node.uniqueChild(at: node.count - 1).removeLast()
        } else {
            element = removeLast(below: node.uniqueChild(at: node.count - 1), level: level - 1, at: position)
        }
        // The element was the first of its child: the child is empty now.
        if opens(position, childShift(level)) {
            node.removeLastChild()
        }
        return element
    }

    /// Calls `body` with each leaf, in order.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    func forEachLeaf(_ body: (Leaf) throws -> Void) rethrows {
        try withRoot { try Self.forEachLeaf(below: $0, level: height, body) }
    }

    /// `forEachLeaf(_:)` below `node`, of `level`.
    @inlinable
    static func forEachLeaf(below node: IndexNode, level: Int, _ body: (Leaf) throws -> Void) rethrows {
        for index in node.indices {
            if level == 1 {
                try body(node.child(at: index))
            } else {
                try forEachLeaf(below: node.child(at: index), level: level - 1, body)
            }
        }
    }

    /// Calls `body` with each element, in order, leaf by leaf.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    func forEach(_ body: (Element) throws -> Void) rethrows {
        try forEachLeaf { leaf in
            try leaf.withUnsafeBufferPointer { elements in
                for element in elements {
                    try body(element)
                }
            }
        }
    }

    /// Stops the program when an invariant does not hold; in debug builds only.
    @inlinable
    func checkInvariants() {
        #if DEBUG
        precondition(height >= Self.minimumHeight && (height == Self.minimumHeight || count > Self.capacity(height: height - 1)), "ElementChunks: \(height) levels for \(count) elements")
        precondition(count <= Self.capacity(height: height), "ElementChunks: \(count) elements in \(height) levels")
        /// Checks `node`, of `level`, and the nodes below it: not empty, full unless it is the
        /// last of its level, with the room of its level; returns the number of elements.
        func check(_ node: IndexNode, level: Int, isLast: Bool) -> Int {
            precondition(node.room == Self.fanOut && (isLast || node.count == Self.fanOut), "ElementChunks: a node of level \(level) is not full")
            precondition(!node.isEmpty || (level == height && count == 0), "ElementChunks: a node of level \(level) is empty")
            var counted = 0
            for index in node.indices {
                let lastChild = isLast && index == node.endIndex - 1
                if level == 1 {
                    let leaf = node.child(at: index)
                    precondition(!leaf.isEmpty && (lastChild || leaf.count == 1 << Self.leafShift) && leaf.room == 1 << Self.leafShift, "ElementChunks: a leaf is not full")
                    counted += leaf.count
                } else {
                    counted += check(node.child(at: index), level: level - 1, isLast: lastChild)
                }
            }
            return counted
        }
        let counted = withRoot { check($0, level: height, isLast: true) }
        precondition(counted == count, "ElementChunks: \(counted) elements counted, \(count) held")
        #endif
    }
}

extension ElementChunks: Equatable where Element: Equatable {
    /// Whether both hold equal elements in the same order; chunks that the two share are equal
    /// at once, so two copies of one history compare in the time of what changed between them.
    @inlinable
    static func == (lhs: ElementChunks, rhs: ElementChunks) -> Bool {
        // The same count makes the same height, and the same shape.
        lhs.count == rhs.count && lhs.withRoot { mine in rhs.withRoot { equal(mine, $0, level: lhs.height) } }
    }

    /// Whether two nodes of `level` hold equal elements in the same order; at once when they
    /// are one node.
    @inlinable
    static func equal(_ lhs: IndexNode, _ rhs: IndexNode, level: Int) -> Bool {
        if lhs.isSameNode(as: rhs) { return true }
        guard lhs.count == rhs.count else { return false }
        return lhs.indices.allSatisfy { index in
            if level == 1 {
                return lhs.child(at: index).elementsEqual(rhs.child(at: index))
            }
            return equal(lhs.child(at: index), rhs.child(at: index), level: level - 1)
        }
    }
}

// Unchecked because its nodes are counted by hand (see `ChunkNode`), behind raw pointers, which
// are never `Sendable`. The nodes are copy on write, as an array's storage: a node is changed
// only through the chunks value that holds its tree alone, and every node above it, each with
// one owner (changes go from the top down: `makeTreeUnique()`, then `ChunkNode.uniqueChild(at:)`
// at each level, each checking first), and a value being changed is not being read or copied
// by another thread at that moment. Anyone else reads a node only through a copy of the value,
// which makes the tree shared.
extension ElementChunks: @unchecked Sendable where Element: Sendable {}
