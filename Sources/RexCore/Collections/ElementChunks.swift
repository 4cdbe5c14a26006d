/// The elements of an identified array in small chunks under a three-level index: the layout an
/// array takes once a copy of it is kept (a recorded state, an undo step, a saved part), so that
/// a change copies the chunk it touches and the path to it rather than every element.
///
/// Four levels of copy-on-write nodes (``ChunkNode``): `branches` holds branches of 16 twigs, a
/// twig holds 16 leaves, a leaf holds 16 elements. Changing an element (``update(at:_:)``,
/// ``subscript(_:)``) checks each node on the way down for uniqueness and copies those that a
/// kept copy shares: one leaf (16 elements), one twig and one branch (16 references each), and
/// the list of branches (one reference per 4,096 elements). Chunks that no change touched stay
/// shared between every copy. Two copies compare in the same way: shared chunks are equal at
/// once, as two arrays sharing their storage are.
///
/// Invariants (checked by `checkInvariants()` in debug builds, after every change of shape):
/// every leaf, twig and branch is full but the last of its level, none is empty, and `count` is
/// the number of elements. So the element at position `p` is at
/// `branches[p >> 12][(p >> 8) & 15][(p >> 4) & 15][p & 15]`.
@usableFromInline
struct ElementChunks<Element> {
    @usableFromInline
    typealias Leaf = ChunkNode<Element>
    @usableFromInline
    typealias Twig = ChunkNode<Leaf>
    @usableFromInline
    typealias Branch = ChunkNode<Twig>

    /// The branches, each of `fanOut` twigs but the last; with room for more, as an array's
    /// buffer has.
    @usableFromInline
    var branches: ChunkNode<Branch>
    /// The number of elements.
    @usableFromInline
    var count: Int

    /// The binary logarithm of how many elements a leaf holds: 16. (Leaves of 8 made W15 and W13
    /// no faster, and the list of branches twice as long; leaves of 32 made both slower.)
    @inlinable
    static var leafShift: Int { 4 }

    /// How many leaves a twig holds, and twigs a branch: 16, so that the list of branches grows
    /// by one entry per 4,096 elements while the twig and branch a change copies hold 16
    /// references each.
    @inlinable
    static var fanOut: Int { 16 }

    /// The binary logarithm of how many elements a twig holds.
    @inlinable
    static var twigShift: Int { leafShift + 4 }

    /// The binary logarithm of how many elements a branch holds.
    @inlinable
    static var branchShift: Int { twigShift + 4 }

    /// The position of the element at `position` in its leaf.
    @inlinable
    static func offsetInLeaf(_ position: Int) -> Int {
        position & (1 << leafShift - 1)
    }

    /// The chunks of `elements`, in order.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    init<C: Collection>(_ elements: C) where C.Element == Element {
        branches = .make(room: (elements.count >> Self.branchShift) + 1)
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

    /// The leaf that holds the element at `position`.
    @inlinable
    subscript(leafContaining position: Int) -> Leaf {
        branches[position >> Self.branchShift][(position >> Self.twigShift) & (Self.fanOut - 1)][
            (position >> Self.leafShift) & (Self.fanOut - 1)]
    }

    /// The leaf that holds the element at `position`, for a change: it and the path to it are
    /// copied first where a kept copy shares them.
    ///
    /// - Complexity: O(1), and a copy of the leaf, twig and branch and of the list of branches
    ///   where a kept copy shares them.
    @inlinable
    mutating func uniqueLeaf(containing position: Int) -> Leaf {
        uniqueBranches(room: branches.count)
            .uniqueChild(at: position >> Self.branchShift)
            .uniqueChild(at: (position >> Self.twigShift) & (Self.fanOut - 1))
            .uniqueChild(at: (position >> Self.leafShift) & (Self.fanOut - 1))
    }

    /// The list of branches, copied first where a kept copy shares it or it has no room for
    /// `room` branches (then with room for twice as many).
    @inlinable
    mutating func uniqueBranches(room: Int) -> ChunkNode<Branch> {
        if branches.room < room {
            branches = branches.copy(room: Swift.max(room, branches.room * 2))
        } else if !isKnownUniquelyReferenced(&branches) {
            branches = branches.copy(room: branches.room)
        }
        return branches
    }

    /// Adds an element at the end, opening a new leaf, twig and branch where the last are full.
    ///
    /// - Complexity: O(1) on average, and a copy of the last leaf, twig and branch where a kept
    ///   copy shares them.
    @inlinable
    mutating func append(_ element: Element) {
        let opensBranch = count & (1 << Self.branchShift - 1) == 0
        let list = uniqueBranches(room: branches.count + (opensBranch ? 1 : 0))
        if opensBranch {
            list.append(.make(room: Self.fanOut))
        }
        let branch = list.uniqueChild(at: list.count - 1)
        if count & (1 << Self.twigShift - 1) == 0 {
            branch.append(.make(room: Self.fanOut))
        }
        let twig = branch.uniqueChild(at: branch.count - 1)
        if count & (1 << Self.leafShift - 1) == 0 {
            twig.append(.make(room: 1 << Self.leafShift))
        }
        twig.uniqueChild(at: twig.count - 1).append(element)
        count += 1
    }

    /// Removes the last element, and the leaf, twig and branch it leaves empty, and returns it.
    ///
    /// - Precondition: There is an element.
    /// - Complexity: O(1), and a copy of the last leaf, twig and branch where a kept copy
    ///   shares them.
    @inlinable
    @discardableResult
    mutating func removeLast() -> Element {
        precondition(count > 0, "ElementChunks.removeLast: no element")
        count -= 1
        let list = uniqueBranches(room: branches.count)
        let branch = list.uniqueChild(at: list.count - 1)
        let twig = branch.uniqueChild(at: branch.count - 1)
        let element = twig.uniqueChild(at: twig.count - 1).removeLast()
        if count & (1 << Self.leafShift - 1) == 0 {
            twig.removeLast()
            if count & (1 << Self.twigShift - 1) == 0 {
                branch.removeLast()
                if count & (1 << Self.branchShift - 1) == 0 {
                    list.removeLast()
                }
            }
        }
        return element
    }

    /// Calls `body` with each element, in order, leaf by leaf.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    func forEach(_ body: (Element) throws -> Void) rethrows {
        for branch in branches {
            for twig in branch {
                for leaf in twig {
                    try leaf.withUnsafeBufferPointer { elements in
                        for element in elements {
                            try body(element)
                        }
                    }
                }
            }
        }
    }

    /// Stops the program when an invariant does not hold; in debug builds only.
    @inlinable
    func checkInvariants() {
        #if DEBUG
        var counted = 0
        for (branchIndex, branch) in branches.enumerated() {
            let lastBranch = branchIndex == branches.endIndex - 1
            precondition(!branch.isEmpty && (lastBranch || branch.count == Self.fanOut) && branch.room == Self.fanOut, "ElementChunks: a branch is not full")
            for (twigIndex, twig) in branch.enumerated() {
                let lastTwig = lastBranch && twigIndex == branch.endIndex - 1
                precondition(!twig.isEmpty && (lastTwig || twig.count == Self.fanOut) && twig.room == Self.fanOut, "ElementChunks: a twig is not full")
                for (leafIndex, leaf) in twig.enumerated() {
                    let lastLeaf = lastTwig && leafIndex == twig.endIndex - 1
                    precondition(!leaf.isEmpty && (lastLeaf || leaf.count == 1 << Self.leafShift) && leaf.room == 1 << Self.leafShift, "ElementChunks: a leaf is not full")
                    counted += leaf.count
                }
            }
        }
        precondition(counted == count, "ElementChunks: \(counted) elements counted, \(count) held")
        #endif
    }
}

extension ElementChunks: Equatable where Element: Equatable {
    /// Whether both hold equal elements in the same order; chunks that the two share are equal
    /// at once, so two copies of one history compare in the time of what changed between them.
    @inlinable
    static func == (lhs: ElementChunks, rhs: ElementChunks) -> Bool {
        lhs.count == rhs.count && lhs.branches == rhs.branches
    }
}

// Unchecked because its nodes are `ManagedBuffer`s, which the standard library marks as never
// `Sendable`. The nodes are copy on write, as an array's storage: a node is changed only through
// the chunks value that holds it alone (`uniqueBranches(room:)` and `ChunkNode.uniqueChild(at:)`
// check `isKnownUniquelyReferenced` first), and a value being changed is not being read or
// copied by another thread at that moment. Anyone else reads a node only through a copy of the
// value, which makes it shared.
extension ElementChunks: @unchecked Sendable where Element: Sendable {}
