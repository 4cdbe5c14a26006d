import RexCore

/// Where a persistence middleware stands, read on every turn: not started (no turn yet), idle,
/// or armed (a check of the part is scheduled); and how many turns it has seen. An atomic
/// increment and load per turn (``AtomicWord``s, the same on every platform), so that a turn
/// that leaves the part alone costs next to nothing.
@usableFromInline
final class SaveCheckState: Sendable {
    @usableFromInline static let notStarted = 0
    @usableFromInline static let idle = 1
    @usableFromInline static let armed = 2

    @usableFromInline let state = AtomicWord(SaveCheckState.notStarted)
    @usableFromInline let counted = AtomicWord(0)

    @usableFromInline
    init() {}

    /// The current state. Sequentially consistent, like `arm` and `disarm`: a turn that reads
    /// `armed` is then sure that the check's next reading of the store's state sees its commit.
    @inlinable
    var value: Int {
        state.loadSequentially()
    }

    /// Counts a turn, then returns the state: counted first, so that a check that disarms and
    /// then reads the count sees this turn whenever the turn read `armed`.
    @inlinable
    func noteTurn() -> Int {
        counted.addSequentially(1)
        return state.loadSequentially()
    }

    /// How many turns were counted.
    var turns: Int {
        counted.loadSequentially()
    }

    /// Moves from `expected` to `desired`; returns whether it did.
    func move(from expected: Int, to desired: Int) -> Bool {
        state.exchangeSequentially(expected: expected, desired: desired)
    }
}
