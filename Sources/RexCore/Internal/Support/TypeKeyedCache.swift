/// Values kept per type for the life of the process, made the first time a type is asked for.
///
/// An open-addressed table of types, each looked for from a slot its address picks: a look-up
/// costs tens of instructions, where a `Dictionary`'s hashing of the key alone cost about 250,
/// several times a logged action.
///
/// Invariant (checked in debug builds after each insertion): `slots.count` is a power of two of
/// at least twice `count`, so that a search always ends at an empty slot; a type sits at the
/// slot its address picks or after it (wrapping around), with no empty slot in between.
@usableFromInline
final class TypeKeyedCache<Entry>: @unchecked Sendable {  // `slots` and `count` are guarded by `lock`
    private let lock = Lock()
    private var slots: [Slot?] = Array(repeating: nil, count: 64)
    private var count = 0

    /// A type and its entry.
    private struct Slot {
        let type: ObjectIdentifier
        let entry: Entry
    }

    /// The entry for `type`, made by `make` if there is none yet. (`make` runs outside the lock:
    /// two threads may both make the first entry of a type, and one is kept.)
    ///
    /// - Complexity: O(1) on average, and `make` the first time.
    @usableFromInline
    func value(for type: Any.Type, make: () -> Entry) -> Entry {
        let key = ObjectIdentifier(type)
        if let known = lock.withLock({ entry(for: key) }) {
            return known
        }
        let made = make()
        return lock.withLock {
            if let known = entry(for: key) { return known }
            insert(made, for: key)
            return made
        }
    }

    /// The entry kept for `type`, if any. Under the lock.
    private func entry(for type: ObjectIdentifier) -> Entry? {
        var slot = Self.firstSlot(of: type, among: slots.count)
        while let occupant = slots[slot] {
            if occupant.type == type { return occupant.entry }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Keeps `entry` for `type`, which has none; twice the slots first when half would be taken.
    /// Under the lock.
    private func insert(_ entry: Entry, for type: ObjectIdentifier) {
        if 2 * (count + 1) > slots.count {
            let kept = slots.compactMap { $0 }
            slots = Array(repeating: nil, count: 2 * slots.count)
            for occupant in kept {
                place(occupant.entry, for: occupant.type)
            }
        }
        place(entry, for: type)
        count += 1
        checkInvariant()
    }

    /// Puts `entry` in the first empty slot from the one `type` picks.
    private func place(_ entry: Entry, for type: ObjectIdentifier) {
        var slot = Self.firstSlot(of: type, among: slots.count)
        while slots[slot] != nil {
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = Slot(type: type, entry: entry)
    }

    /// The slot a type's search starts at, among `slotCount` (a power of two): its address times
    /// 2⁶⁴/φ, whose top bits differ for addresses that differ in any bit.
    private static func firstSlot(of type: ObjectIdentifier, among slotCount: Int) -> Int {
        let spread = UInt64(UInt(bitPattern: type)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: spread >> UInt64(64 - slotCount.trailingZeroBitCount))
    }

    /// Stops the program when the invariant does not hold; in debug builds only.
    private func checkInvariant() {
        #if DEBUG
        precondition(slots.count.nonzeroBitCount == 1 && 2 * count <= slots.count, "TypeKeyedCache: \(count) types in \(slots.count) slots")
        precondition(slots.compactMap { $0 }.count == count, "TypeKeyedCache: the count is not the number of types kept")
        for (slot, occupant) in slots.enumerated() {
            guard let occupant else { continue }
            precondition(entry(for: occupant.type) != nil, "TypeKeyedCache: the type in slot \(slot) is not found from the slot it picks")
        }
        #endif
    }
}
