/// The steps of one side of an undo history, oldest first, in a ring: it adds its newest and
/// drops its oldest in O(1), so that a history at its limit, which drops a step on every new one,
/// never moves the steps it keeps. (An array whose dropped slots were compacted once half of them
/// were dropped moved its steps now and then, and cost W15u, a step per action with 1,000 kept,
/// 6,993 instructions an action against 6,871 for the ring.)
///
/// Invariant: `slots.count` is 0 or a power of two, at least `count`; the `count` slots from
/// `head` on (wrapping round at the end) hold the steps, oldest first, none `nil`, and the other
/// slots are `nil` (their steps dropped, their parts released); `head < slots.count`, or both
/// are 0.
@usableFromInline
struct UndoStepList<Part: Sendable>: Sendable {
    @usableFromInline var slots: ContiguousArray<UndoStep<Part>?> = []
    /// The slot of the oldest step.
    @usableFromInline var head = 0
    /// The number of steps.
    @usableFromInline private(set) var count = 0

    @inlinable
    init() {}

    /// The slot of the step at `offset` from the oldest.
    @inlinable
    func slot(_ offset: Int) -> Int {
        (head + offset) & (slots.count - 1)
    }

    /// The newest step.
    @inlinable
    var last: UndoStep<Part>? {
        count == 0 ? nil : slots[slot(count - 1)]
    }

    /// The steps, oldest first.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    var steps: [UndoStep<Part>] {
        (0..<count).map { slots[slot($0)]! }
    }

    /// Adds `step` as the newest; taken, not copied (a copy retains what its part holds).
    ///
    /// - Complexity: O(1), but O(*n*) when the ring is full and moves into one twice as large.
    @inlinable
    mutating func append(_ step: consuming UndoStep<Part>) {
        if count == slots.count {
            grow()
        }
        slots[slot(count)] = step
        count += 1
        checkInvariant()
    }

    /// Moves the steps, oldest first, into a ring twice as large (of one slot, when empty).
    @inlinable
    mutating func grow() {
        var larger = ContiguousArray<UndoStep<Part>?>(repeating: nil, count: Swift.max(1, slots.count * 2))
        for offset in 0..<count {
            larger[offset] = slots[slot(offset)].take()
        }
        slots = larger
        head = 0
    }

    /// Removes the newest step and returns it.
    @inlinable
    mutating func removeLast() -> UndoStep<Part>? {
        guard count > 0 else { return nil }
        let step = slots[slot(count - 1)].take()
        count -= 1
        checkInvariant()
        return step
    }

    /// Removes the oldest step.
    @inlinable
    mutating func removeFirst() {
        guard count > 0 else { return }
        slots[head] = nil
        head = slot(1)
        count -= 1
        checkInvariant()
    }

    @inlinable
    mutating func removeAll() {
        guard !slots.isEmpty else { return }
        slots.removeAll()
        head = 0
        count = 0
    }

    /// Stops a debug build whose list broke its invariant; checks the whole list (O(*n*)) only
    /// when `whole` is true, as tests ask.
    @inlinable
    func checkInvariant(whole: Bool = false) {
        assert(slots.count & (slots.count - 1) == 0 && count <= slots.count, "UndoStepList: \(count) steps in \(slots.count) slots")
        assert(head < slots.count || (head == 0 && slots.isEmpty), "UndoStepList: the oldest step at \(head) of \(slots.count) slots")
        assert(count == 0 || slots[slot(count - 1)] != nil, "UndoStepList: the newest step is missing")
        if whole {
            assert(slots.indices.allSatisfy { index in (slots[index] != nil) == ((index - head) & (slots.count - 1) < count) }, "UndoStepList: slots out of place")
        }
    }
}

extension UndoStepList: Equatable where Part: Equatable {
    @usableFromInline
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && (0..<lhs.count).allSatisfy { lhs.slots[lhs.slot($0)] == rhs.slots[rhs.slot($0)] }
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
