/// The elements of an identified array in small chunks under a three-level index: the layout an
/// array takes once a copy of it is kept (a recorded state, an undo step, a saved part), so that
/// a change copies the chunk it touches and the path to it rather than every element.
///
/// Four levels of copy-on-write arrays: `branches` holds branches of 16 twigs, a twig holds 16
/// leaves, a leaf holds 16 elements. Changing an element through ``subscript(_:)`` checks each
/// array on the way down for uniqueness, as any nested array change does, and copies those that
/// a kept copy shares: one leaf (16 elements), one twig and one branch (16 references each), and
/// the list of branches (one reference per 4,096 elements). Chunks that no change touched stay
/// shared between every copy. Two copies compare in the same way: shared chunks are equal at
/// once, as any two arrays sharing their storage are.
///
/// Invariants (checked by `checkInvariants()` in debug builds, after every change of shape):
/// every leaf, twig and branch is full but the last of its level, none is empty, and `count` is
/// the number of elements. So the element at position `p` is at
/// `branches[p >> 12][(p >> 8) & 15][(p >> 4) & 15][p & 15]`.
@usableFromInline
struct ElementChunks<Element> {
    @usableFromInline
    typealias Leaf = ContiguousArray<Element>
    @usableFromInline
    typealias Twig = ContiguousArray<Leaf>
    @usableFromInline
    typealias Branch = ContiguousArray<Twig>

    /// The branches, each of `Self.width` twigs but the last.
    @usableFromInline
    var branches: ContiguousArray<Branch>
    /// The number of elements.
    @usableFromInline
    var count: Int

    /// How many elements a leaf holds, how many leaves a twig, how many twigs a branch: 16, so
    /// that the chunks a change copies are small (a leaf of 16 elements, two arrays of 16
    /// references) and the list of branches grows by one entry per 4,096 elements.
    @inlinable
    static var width: Int { 16 }

    /// The binary logarithm of `width`.
    @inlinable
    static var shift: Int { 4 }

    /// The chunks of `elements`, in order.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    init<C: Collection>(_ elements: C) where C.Element == Element {
        branches = []
        count = 0
        branches.reserveCapacity((elements.count >> (3 * Self.shift)) + 1)
        for element in elements {
            append(element)
        }
        checkInvariants()
    }

    /// The element at `position`.
    @inlinable
    subscript(position: Int) -> Element {
        get {
            branches[position >> (3 * Self.shift)][(position >> (2 * Self.shift)) & (Self.width - 1)][
                (position >> Self.shift) & (Self.width - 1)][position & (Self.width - 1)]
        }
        _modify {
            yield &self[leafContaining: position][position & (Self.width - 1)]
        }
    }

    /// The leaf that holds the element at `position`, changed in place.
    @inlinable
    subscript(leafContaining position: Int) -> Leaf {
        get {
            branches[position >> (3 * Self.shift)][(position >> (2 * Self.shift)) & (Self.width - 1)][
                (position >> Self.shift) & (Self.width - 1)]
        }
        _modify {
            yield &branches[position >> (3 * Self.shift)][(position >> (2 * Self.shift)) & (Self.width - 1)][
                (position >> Self.shift) & (Self.width - 1)]
        }
    }

    /// Adds an element at the end, opening a new leaf, twig and branch where the last are full.
    ///
    /// - Complexity: O(1), and a copy of the last leaf, twig and branch where a kept copy shares
    ///   them.
    @inlinable
    mutating func append(_ element: Element) {
        let mask = Self.width - 1
        if count & (1 << (3 * Self.shift) - 1) == 0 {
            var branch = Branch()
            branch.reserveCapacity(Self.width)
            branches.append(branch)
        }
        let last = branches.endIndex - 1
        if count & (1 << (2 * Self.shift) - 1) == 0 {
            var twig = Twig()
            twig.reserveCapacity(Self.width)
            branches[last].append(twig)
        }
        if count & mask == 0 {
            var leaf = Leaf()
            leaf.reserveCapacity(Self.width)
            branches[last][branches[last].endIndex - 1].append(leaf)
        }
        self[leafContaining: count].append(element)
        count += 1
    }

    /// Removes the last element, and the leaf, twig and branch it leaves empty, and returns it.
    ///
    /// - Precondition: There is an element.
    /// - Complexity: O(1).
    @inlinable
    @discardableResult
    mutating func removeLast() -> Element {
        precondition(count > 0, "ElementChunks.removeLast: no element")
        count -= 1
        let element = self[leafContaining: count].removeLast()
        let mask = Self.width - 1
        if count & mask == 0 {
            let last = branches.endIndex - 1
            branches[last][branches[last].endIndex - 1].removeLast()
            if count & (1 << (2 * Self.shift) - 1) == 0 {
                branches[last].removeLast()
                if count & (1 << (3 * Self.shift) - 1) == 0 {
                    branches.removeLast()
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
                    for element in leaf {
                        try body(element)
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
            precondition(!branch.isEmpty && (lastBranch || branch.count == Self.width), "ElementChunks: a branch is not full")
            for (twigIndex, twig) in branch.enumerated() {
                let lastTwig = lastBranch && twigIndex == branch.endIndex - 1
                precondition(!twig.isEmpty && (lastTwig || twig.count == Self.width), "ElementChunks: a twig is not full")
                for (leafIndex, leaf) in twig.enumerated() {
                    let lastLeaf = lastTwig && leafIndex == twig.endIndex - 1
                    precondition(!leaf.isEmpty && (lastLeaf || leaf.count == Self.width), "ElementChunks: a leaf is not full")
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

extension ElementChunks: Sendable where Element: Sendable {}
