/// What the store's committed-state observer (see ``CommittedStateObserving``) asked to run after
/// the current turn: the IOs it returned, kept from the reducer, where the observer runs, to the
/// end of the turn, where the store runs them after the middlewares' IOs.
///
/// Only a store whose middleware hands it an observer makes one: a store without pays nothing.
///
/// Invariant: ``pending`` is pure between turns, but before the first, when it holds what the
/// observer asked for on seeing the initial state. It is written by the store's initializer and
/// by the reducer the store keeps (``add(_:)``), and taken by the turn that reduced
/// (``take()``); the store runs one turn at a time (its turn flag, see ``TurnFlag``), so only
/// the thread that has the turn touches it.
@usableFromInline
final class TurnFollowUp<Action>: @unchecked Sendable {  // `pending` is guarded by the store's turn, which one thread has at a time
    // Unchecked: the store's turn keeps the accesses apart, and a dynamic check cost W2s about
    // 120 instructions a turn.
    @usableFromInline @exclusivity(unchecked) var pending = IO<Action>.pure()

    @inlinable
    init() {}

    /// Keeps what the observer returned for this turn, after what it returned before in it.
    @inlinable
    func add(_ io: IO<Action>) {
        if !io.isPure {
            pending = pending <> io
        }
    }

    /// Returns what this turn's observer asked for, and leaves nothing pending.
    @inlinable
    func take() -> IO<Action> {
        guard !pending.isPure else { return pending }
        defer { pending = .pure() }
        return pending
    }
}
