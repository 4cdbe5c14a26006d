/// The steps of one side of an undo history, oldest first: an array that also drops its oldest
/// in O(1) (amortized), so that a history at its limit, which drops a step on every new one,
/// does not move every step it keeps each time.
///
/// Invariant: `slots[..<dropped]` are `nil` (steps dropped, their parts released) and
/// `slots[dropped...]` are the steps, none `nil`; `dropped < slots.count`, or both are 0. Dropping
/// compacts the slots once half of them are dropped, so they stay within about twice the steps.
@usableFromInline
struct UndoStepList<Part: Sendable>: Sendable {
    @usableFromInline var slots: ContiguousArray<UndoStep<Part>?> = []
    @usableFromInline var dropped = 0

    @inlinable
    init() {}

    /// The number of steps.
    @inlinable
    var count: Int {
        slots.count - dropped
    }

    /// The newest step.
    @inlinable
    var last: UndoStep<Part>? {
        count == 0 ? nil : slots[slots.count - 1]
    }

    /// The steps, oldest first.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    var steps: [UndoStep<Part>] {
        slots[dropped...].map { $0! }
    }

    /// Adds `step` as the newest; taken, not copied (a copy retains what its part holds).
    @inlinable
    mutating func append(_ step: consuming UndoStep<Part>) {
        slots.append(step)
        checkInvariant()
    }

    /// Removes the newest step and returns it.
    @inlinable
    mutating func removeLast() -> UndoStep<Part>? {
        guard count > 0 else { return nil }
        let step = slots.removeLast()
        if count == 0 {
            removeAll()
        }
        checkInvariant()
        return step
    }

    /// Removes the oldest step.
    ///
    /// - Complexity: O(1) amortized: the slots are compacted when half of them are dropped.
    @inlinable
    mutating func removeFirst() {
        guard count > 0 else { return }
        slots[dropped] = nil
        dropped += 1
        if dropped > slots.count / 2 {
            slots.removeFirst(dropped)
            dropped = 0
        }
        checkInvariant()
    }

    @inlinable
    mutating func removeAll() {
        slots.removeAll()
        dropped = 0
    }

    /// Stops a debug build whose list broke its invariant; checks the whole list (O(*n*)) only
    /// when `whole` is true, as tests ask.
    @inlinable
    func checkInvariant(whole: Bool = false) {
        assert(dropped >= 0 && (dropped < slots.count || (dropped == 0 && slots.isEmpty)), "UndoStepList: \(dropped) dropped of \(slots.count) slots")
        assert(count == 0 || slots[slots.count - 1] != nil, "UndoStepList: the newest step is missing")
        if whole {
            assert(slots[..<dropped].allSatisfy { $0 == nil } && slots[dropped...].allSatisfy { $0 != nil }, "UndoStepList: slots out of place")
        }
    }
}

extension UndoStepList: Equatable where Part: Equatable {
    @usableFromInline
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && zip(lhs.slots[lhs.dropped...], rhs.slots[rhs.dropped...]).allSatisfy { $0 == $1 }
    }
}

extension UndoStepList: Codable where Part: Codable {
    /// The steps, oldest first, as an array.
    @usableFromInline
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(steps)
    }

    @usableFromInline
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        for step in try container.decode([UndoStep<Part>].self) {
            append(step)
        }
    }
}
