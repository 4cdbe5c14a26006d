/// The positions of an identified array's ids: a hash table of 32-bit positions that keeps no
/// ids of its own.
///
/// Each slot holds a position in the array, or `-1` when empty; an id's slot is found from the
/// id's hash, going on to the next slot while the slots are taken (linear probing), and checked
/// against the array's id at the position it holds. Four bytes per slot, where a dictionary from
/// id to position keeps the id and an `Int` (sixteen for `Int` ids): the table of 100,000 ids
/// takes 1 MiB rather than 4, and stays in the processor's cache beside the elements more often,
/// which is what a lookup by id waits for (Docs/Performance.md, "A table of positions").
///
/// Every operation is given the array's ids (`ids`), and keeps the invariant that the table holds
/// exactly the positions `0..<count` of the ids it was given, each in the slot its id's hash
/// leads to. When the positions shift (an element inserted or removed in the middle), an entry
/// is found by the position it holds rather than by its id (``move(_:from:to:)``): positions
/// are unique, so the first slot from the id's home holding the old position is that id's.
///
/// Ids are added in the order of their positions, never in the order of their hashes, so the
/// clusters of probing stay short: rebuilding a larger table goes through the ids in order too.
@usableFromInline
struct PositionTable: Sendable {
    /// The slots: a position, or `-1`. Their number is a power of two, at least 16.
    @usableFromInline
    var slots: ContiguousArray<Int32>
    /// How many slots hold a position.
    @usableFromInline
    var count: Int

    /// A table with room for `capacity` positions before it grows.
    @inlinable
    init(minimumCapacity capacity: Int) {
        slots = ContiguousArray(repeating: -1, count: Self.slotCount(for: capacity))
        count = 0
    }

    /// The number of slots for `capacity` positions: a power of two, filled at most three
    /// quarters full (as a dictionary is), so that a lookup probes about two slots.
    @inlinable
    static func slotCount(for capacity: Int) -> Int {
        var slotCount = 16
        while slotCount / 4 * 3 < capacity {
            slotCount *= 2
        }
        return slotCount
    }

    /// The slot where probing for `id` starts.
    @inlinable
    func home<ID: Hashable>(of id: ID) -> Int {
        id.hashValue & (slots.count - 1)
    }

    /// The slot after `slot`, wrapping around.
    @inlinable
    func slot(after slot: Int) -> Int {
        (slot + 1) & (slots.count - 1)
    }

    /// The position of `id` in `ids`, or `nil` when `id` is not there.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    func position<ID: Hashable>(of id: ID, in ids: ContiguousArray<ID>) -> Int? {
        position(of: id, hash: id.hashValue, in: ids)
    }

    /// The position of `id`, whose `hashValue` is `hash`, in `ids`, or `nil` when `id` is not
    /// there: for a caller that reads the table and the ids from an object (``IDIndex``) after
    /// hashing, so that no call the compiler cannot see through comes between the reads and
    /// their use, which would make it retain both.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    func position<ID: Hashable>(of id: ID, hash: Int, in ids: ContiguousArray<ID>) -> Int? {
        var slot = hash & (slots.count - 1)
        while true {
            let position = Int(slots[slot])
            if position < 0 { return nil }
            if ids[position] == id { return position }
            slot = self.slot(after: slot)
        }
    }

    /// The slot that holds `position` for `id`.
    ///
    /// - Precondition: The table holds `position` for `id`.
    @inlinable
    func slot<ID: Hashable>(of id: ID, holding position: Int) -> Int {
        let wanted = Int32(position)
        var slot = home(of: id)
        while slots[slot] != wanted {
            precondition(slots[slot] >= 0, "IdentifiedArray: the positions lost the id \(id)")
            slot = self.slot(after: slot)
        }
        return slot
    }

    /// Adds `position` for `id`, which the table does not hold; `ids` are the array's ids, with
    /// `id` at `position`.
    ///
    /// - Complexity: O(1) on average; O(*n*) when the table grows.
    @inlinable
    mutating func add<ID: Hashable>(_ id: ID, at position: Int, in ids: ContiguousArray<ID>) {
        precondition(position < Int(Int32.max), "IdentifiedArray: more than \(Int32.max) elements")
        if count + 1 > slots.count / 4 * 3 {
            grow(in: ids)
        }
        var slot = home(of: id)
        while slots[slot] >= 0 {
            slot = self.slot(after: slot)
        }
        slots[slot] = Int32(position)
        count += 1
    }

    /// Makes a table of twice the slots, for the same positions.
    @inlinable
    mutating func grow<ID: Hashable>(in ids: ContiguousArray<ID>) {
        var larger = PositionTable(minimumCapacity: slots.count)
        for slot in slots.indices where slots[slot] >= 0 {
            let position = Int(slots[slot])
            larger.add(ids[position], at: position, in: ids)
        }
        self = larger
    }

    /// Changes the position held for `id` from `old` to `new`, which no other id holds.
    @inlinable
    mutating func move<ID: Hashable>(_ id: ID, from old: Int, to new: Int) {
        slots[slot(of: id, holding: old)] = Int32(new)
    }

    /// Exchanges the positions held for `first` (`i`) and `second` (`j`).
    @inlinable
    mutating func exchange<ID: Hashable>(_ first: ID, at i: Int, with second: ID, at j: Int) {
        let (firstSlot, secondSlot) = (slot(of: first, holding: i), slot(of: second, holding: j))
        slots[firstSlot] = Int32(j)
        slots[secondSlot] = Int32(i)
    }

    /// Removes `position`, held for `id`; `ids` are the array's ids, `id` still at `position`.
    ///
    /// The entries after it in its cluster move back to fill the gap when their home allows it,
    /// so that no later lookup stops early at an empty slot.
    @inlinable
    mutating func remove<ID: Hashable>(_ id: ID, at position: Int, in ids: ContiguousArray<ID>) {
        var gap = slot(of: id, holding: position)
        var slot = self.slot(after: gap)
        while slots[slot] >= 0 {
            let home = home(of: ids[Int(slots[slot])])
            // The entry may fill the gap unless its home lies after the gap, up to the entry
            // (cyclically): probing from there would never pass the gap.
            let homeAfterGap = gap <= slot ? (gap < home && home <= slot) : (gap < home || home <= slot)
            if !homeAfterGap {
                slots[gap] = slots[slot]
                gap = slot
            }
            slot = self.slot(after: slot)
        }
        slots[gap] = -1
        count -= 1
    }
}
