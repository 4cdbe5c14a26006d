/// The elements of an identified array in small chunks under a four-level index: the layout an
/// array takes once a copy of it is kept (a recorded state, an undo step, a saved part), so that
/// a change copies the chunk it touches and the path to it rather than every element.
///
/// Five levels of copy-on-write nodes (``ChunkNode``): `limbs` holds limbs of 8 branches, a limb
/// holds 8 branches, a branch 8 twigs, a twig 8 leaves, a leaf 8 elements. Changing an element
/// (``update(at:_:)``, ``subscript(_:)``) checks each node on the way down for uniqueness and
/// copies those that a kept copy shares: one leaf (8 elements), one twig, one branch and one
/// limb (8 references each), and the list of limbs (one reference per 4,096 elements). Chunks
/// that no change touched stay shared between every copy. Two copies compare in the same way:
/// shared chunks are equal at once, as two arrays sharing their storage are.
///
/// Why 8 above the leaves, and in them (see ``leafShift``): a copy of a node retains each
/// reference it holds, and the node's free, when the last state holding it goes, releases each;
/// those atomic operations, not the instructions, were most of a kept state's cost (W15: 59% of
/// its time in `swift_retain` and `swift_release`). Twigs and branches of 16 under a list of
/// branches made a change copy 35 references at 10,000 elements and 57 at 100,000; nodes of 8 on
/// four levels copy 25 and 37, for one allocation more (see Docs/Performance.md).
///
/// Invariants (checked by `checkInvariants()` in debug builds when chunks are made, and by the
/// tests after each change of shape): every leaf, twig, branch and limb is full but the last of
/// its level, none is empty, and `count` is the number of elements; but between
/// `ElementStorage.take(at:)` and its `restore` or `closeGap`, one leaf is one element short, and
/// may be empty. So the element at position `p` is at
/// `limbs[p >> 12][(p >> 9) & 7][(p >> 6) & 7][(p >> 3) & 7][p & 7]`.
@usableFromInline
struct ElementChunks<Element> {
    @usableFromInline
    typealias Leaf = ChunkNode<Element>
    @usableFromInline
    typealias Twig = ChunkNode<Leaf>
    @usableFromInline
    typealias Branch = ChunkNode<Twig>
    @usableFromInline
    typealias Limb = ChunkNode<Branch>

    /// The limbs, each of `fanOut` branches but the last; with room for more, as an array's
    /// buffer has.
    @usableFromInline
    var limbs: ChunkNode<Limb>
    /// The number of elements.
    @usableFromInline
    var count: Int

    /// The binary logarithm of how many elements a leaf holds: 8. A change after a kept copy
    /// copies a leaf, retaining what each element holds, and the copy's free releases it: leaves
    /// of 8 rather than 16 took W15 (10,000 items) from 7,781 instructions a turn to 7,438 and its
    /// calls to `swift_retain` and `swift_release` from 128 to 114, and W13 without the logger from 5,028 to 4,585; at
    /// 100,000 items, where the list of limbs is twice as long, W15 counts 8,772 against 8,488.
    /// (Leaves of 32 made W15 and W13 slower: the copied leaf twice as long.)
    @inlinable
    static var leafShift: Int { 3 }

    /// The binary logarithm of how many nodes a twig, a branch and a limb hold: 8.
    @inlinable
    static var fanOutShift: Int { 3 }

    /// How many leaves a twig holds, twigs a branch, and branches a limb.
    @inlinable
    static var fanOut: Int { 1 << fanOutShift }

    /// The binary logarithm of how many elements a twig holds.
    @inlinable
    static var twigShift: Int { leafShift + fanOutShift }

    /// The binary logarithm of how many elements a branch holds.
    @inlinable
    static var branchShift: Int { twigShift + fanOutShift }

    /// The binary logarithm of how many elements a limb holds.
    @inlinable
    static var limbShift: Int { branchShift + fanOutShift }

    /// The position of the element at `position` in its leaf.
    @inlinable
    static func offsetInLeaf(_ position: Int) -> Int {
        position & (1 << leafShift - 1)
    }

    /// The index, in its node, of the node of the level `shift` below it that holds `position`.
    @inlinable
    static func index(of position: Int, below shift: Int) -> Int {
        (position >> shift) & (fanOut - 1)
    }

    /// The chunks of `elements`, in order.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    init<C: Collection>(_ elements: C) where C.Element == Element {
        limbs = .make(room: (elements.count >> Self.limbShift) + 1)
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
        try withUniqueLeaf(containing: position) { leaf in try leaf.update(at: Self.offsetInLeaf(position), body) }
    }

    /// The element at `position` of `chunks`: what an ``ElementChunksReader`` reads.
    @inlinable
    static func element(of chunks: ElementChunks, at position: Int) -> Element {
        chunks[position]
    }

    /// The leaf that holds the element at `position`, for reading only: kept copies may share
    /// it. To change it, use ``uniqueLeaf(containing:)``.
    @inlinable
    subscript(leafContaining position: Int) -> Leaf {
        limbs[position >> Self.limbShift][Self.index(of: position, below: Self.branchShift)][
            Self.index(of: position, below: Self.twigShift)][Self.index(of: position, below: Self.leafShift)]
    }

    /// The leaf that holds the element at `position`, for a change: it and the path to it are
    /// copied first where a kept copy shares them.
    ///
    /// - Complexity: O(1), and a copy of the leaf, twig, branch and limb and of the list of
    ///   limbs where a kept copy shares them.
    @inlinable
    mutating func uniqueLeaf(containing position: Int) -> Leaf {
        withUniqueLeaf(containing: position) { $0 }
    }

    /// Calls `body` with the leaf that holds `position`, copied first with the nodes above it
    /// where a kept copy shares them, and returns what `body` returns. The path is walked
    /// without retaining its nodes (see ``ChunkNode/withUniqueChild(at:_:)``).
    @inlinable
    mutating func withUniqueLeaf<Result>(containing position: Int, _ body: (inout Leaf) throws -> Result) rethrows -> Result {
        makeLimbsUnique(room: limbs.count)
        return try limbs.withUniqueChild(at: position >> Self.limbShift) { limb in
            try limb.withUniqueChild(at: Self.index(of: position, below: Self.branchShift)) { branch in
                try branch.withUniqueChild(at: Self.index(of: position, below: Self.twigShift)) { twig in
                    try twig.withUniqueChild(at: Self.index(of: position, below: Self.leafShift), body)
                }
            }
        }
    }

    /// The list of limbs, copied first where a kept copy shares it or it has no room for `room`
    /// limbs (then with room for twice as many).
    @inlinable
    mutating func uniqueLimbs(room: Int) -> ChunkNode<Limb> {
        makeLimbsUnique(room: room)
        return limbs
    }

    /// Copies the list of limbs where a kept copy shares it or it has no room for `room` limbs
    /// (then with room for twice as many).
    @inlinable
    mutating func makeLimbsUnique(room: Int) {
        if limbs.room < room {
            limbs = limbs.copy(room: Swift.max(room, limbs.room * 2))
        } else if !isKnownUniquelyReferenced(&limbs) {
            limbs = limbs.copy(room: limbs.room)
        }
    }

    /// Whether the element at `position` opens a node of the level `shift` below: the first
    /// element of a leaf (`leafShift`), of a twig (`twigShift`), and so on.
    @inlinable
    static func opens(_ position: Int, _ shift: Int) -> Bool {
        position & (1 << shift - 1) == 0
    }

    /// Adds an element at the end, opening a new leaf, twig, branch and limb where the last are
    /// full.
    ///
    /// - Complexity: O(1) on average, and a copy of the last leaf, twig, branch and limb where a
    ///   kept copy shares them.
    @inlinable
    mutating func append(_ element: Element) {
        let opensLimb = Self.opens(count, Self.limbShift)
        let list = uniqueLimbs(room: limbs.count + (opensLimb ? 1 : 0))
        if opensLimb {
            list.append(.make(room: Self.fanOut))
        }
        let limb = list.uniqueChild(at: list.count - 1)
        if Self.opens(count, Self.branchShift) {
            limb.append(.make(room: Self.fanOut))
        }
        let branch = limb.uniqueChild(at: limb.count - 1)
        if Self.opens(count, Self.twigShift) {
            branch.append(.make(room: Self.fanOut))
        }
        let twig = branch.uniqueChild(at: branch.count - 1)
        if Self.opens(count, Self.leafShift) {
            twig.append(.make(room: 1 << Self.leafShift))
        }
        twig.uniqueChild(at: twig.count - 1).append(element)
        count += 1
    }

    /// Removes the last element, and the leaf, twig, branch and limb it leaves empty, and
    /// returns it.
    ///
    /// - Precondition: There is an element.
    /// - Complexity: O(1), and a copy of the last leaf, twig, branch and limb where a kept copy
    ///   shares them.
    @inlinable
    @discardableResult
    mutating func removeLast() -> Element {
        precondition(count > 0, "ElementChunks.removeLast: no element")
        count -= 1
        let list = uniqueLimbs(room: limbs.count)
        let limb = list.uniqueChild(at: list.count - 1)
        let branch = limb.uniqueChild(at: limb.count - 1)
        let twig = branch.uniqueChild(at: branch.count - 1)
        let element = twig.uniqueChild(at: twig.count - 1).removeLast()
        // The element was the first of its leaf, its twig, ...: each such node is empty now.
        if Self.opens(count, Self.leafShift) {
            twig.removeLast()
            if Self.opens(count, Self.twigShift) {
                branch.removeLast()
                if Self.opens(count, Self.branchShift) {
                    limb.removeLast()
                    if Self.opens(count, Self.limbShift) {
                        list.removeLast()
                    }
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
        for limb in limbs {
            for branch in limb {
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
    }

    /// Stops the program when an invariant does not hold; in debug builds only.
    @inlinable
    func checkInvariants() {
        #if DEBUG
        /// Checks that `node` is not empty, is full unless it is the last of its level, and has
        /// the room of its level.
        func check<Value>(_ node: ChunkNode<Value>, isLast: Bool, full: Int, _ level: String) {
            precondition(!node.isEmpty && (isLast || node.count == full) && node.room == full, "ElementChunks: a \(level) is not full")
        }
        var counted = 0
        for (limbIndex, limb) in limbs.enumerated() {
            let lastLimb = limbIndex == limbs.endIndex - 1
            check(limb, isLast: lastLimb, full: Self.fanOut, "limb")
            for (branchIndex, branch) in limb.enumerated() {
                let lastBranch = lastLimb && branchIndex == limb.endIndex - 1
                check(branch, isLast: lastBranch, full: Self.fanOut, "branch")
                for (twigIndex, twig) in branch.enumerated() {
                    let lastTwig = lastBranch && twigIndex == branch.endIndex - 1
                    check(twig, isLast: lastTwig, full: Self.fanOut, "twig")
                    for (leafIndex, leaf) in twig.enumerated() {
                        check(leaf, isLast: lastTwig && leafIndex == twig.endIndex - 1, full: 1 << Self.leafShift, "leaf")
                        counted += leaf.count
                    }
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
        lhs.count == rhs.count && lhs.limbs == rhs.limbs
    }
}

// Unchecked because its nodes are `ManagedBuffer`s, which the standard library marks as never
// `Sendable` (no checked form exists). The nodes are copy on write, as an array's storage: a node
// is changed only through the chunks value that holds it and every node above it alone (changes
// go from the top down: `uniqueLimbs(room:)`, then `ChunkNode.uniqueChild(at:)` at each level,
// each checking `isKnownUniquelyReferenced` first), and a value being changed is not being read
// or copied by another thread at that moment. Anyone else reads a node only through a copy of
// the value, which makes it shared.
extension ElementChunks: @unchecked Sendable where Element: Sendable {}
