/// The ids of an identified array, in order, and the table of their positions, in one object: a
/// copy of the array (a kept state, a subscriber's value, a middleware's read) retains one
/// reference for both rather than one for each.
///
/// A retain and its release are atomic operations, about 15 ns together here, and every copy of
/// a state makes one per reference it holds: W15 copies its list twice a turn, W14 four times.
/// The two change together anyway (an element added, removed or moved), and only then.
///
/// Copy on write, as an array's storage: the index is changed only through the array value that
/// holds it alone (`IdentifiedArray.withIDs(_:)` copies a shared one first, which retains its
/// two buffers; the change then copies the one it writes, as any array would), and a value being
/// changed is not being read or copied by another thread at that moment. Anyone else reads an
/// index only through a copy of the value, which makes it shared.
@usableFromInline
final class IDIndex<ID: Hashable>: @unchecked Sendable {  // copy on write: changed only by the one array value holding it alone (see above)
    // Unchecked exclusivity: the value holding the index alone is the only one to change it, and
    // the run-time check of a class's stored property would cost every lookup by id.
    /// The ids, in the order of the elements.
    @usableFromInline @exclusivity(unchecked)
    var ids: ContiguousArray<ID>
    /// The position of each id in `ids`.
    @usableFromInline @exclusivity(unchecked)
    var positions: PositionTable

    @inlinable
    init(ids: ContiguousArray<ID>, positions: PositionTable) {
        self.ids = ids
        self.positions = positions
    }

    /// The position of `id`, or `nil` when it is not there.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    func position(of id: ID) -> Int? {
        let hash = id.hashValue
        return positions.position(of: id, hash: hash, in: ids)
    }

    /// An index of its own with the same ids and positions (their buffers shared until one
    /// changes).
    @inlinable
    func copy() -> IDIndex {
        IDIndex(ids: ids, positions: positions)
    }
}
