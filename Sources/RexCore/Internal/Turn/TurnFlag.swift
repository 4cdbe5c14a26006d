/// Whether the store is running turns, or has them scheduled on its queue, and whether an action
/// has been queued behind them. A dispatch that finds it clear sets it and runs the turns itself;
/// one that finds it set queues its action and says so in the flag.
///
/// An ``AtomicWord``, the same on every platform, holding one of three values: ``clear``,
/// ``running`` (set, nothing queued), ``runningWithQueue`` (set, and an action may wait in the
/// queue). Two transitions are made without the store's lock, each to save a lock pair a turn:
///
/// - A store with middleware claims a clear flag without the lock (``claimWithoutLock()``):
///   its first turn starts with `handle`, which runs without the lock anyway. (Claiming it under
///   the lock cost W2 about 10% of its time.)
/// - The thread running the turns, at the end of a turn that let the lock go (for its IO, its
///   subscribers, or its waiter), clears a ``running`` flag without the lock
///   (``releaseWithoutLock()``): nothing was queued since it last looked at the queue, so there
///   is nothing to look at. Taking the lock again only to find the queue empty cost a turn with
///   IO about 50 instructions (W2r).
///
/// Every other change is made under the lock: it is set only while clear (``claim(exclusive:)``),
/// marked when an action is queued behind the turn (``noteWaiting()``), put back to ``running``
/// by the thread running the turns when it takes the last queued action
/// (``noteQueueEmptied()``), and cleared by that thread when the queue is empty (``release()``).
///
/// Invariant (what makes the release without the lock safe): whenever the store's lock is free
/// and the flag is ``running``, nothing waits in the queue. An arrival that queues an action
/// under the lock also makes a ``running`` flag ``runningWithQueue`` with a compare-and-swap
/// before it lets the lock go (the turn's thread looks at the queue only under the lock, so
/// the order of the two inside it does not matter); the release without the lock is a
/// compare-and-swap from ``running`` to ``clear``. Of the two, exactly one succeeds: either
/// the arrival sees the flag clear and takes the turn itself, or the turn's thread sees the mark
/// and takes the lock to find the action. Clearing releases what the turn wrote (its IO's
/// writes included), and every claim acquires it, so turns on different threads are ordered as
/// they were by the lock.
@usableFromInline
struct TurnFlag: ~Copyable, Sendable {
    /// No thread has the store's turn.
    @usableFromInline static var clear: Int { 0 }
    /// A thread has the store's turn, and nothing waits in the queue.
    @usableFromInline static var running: Int { 1 }
    /// A thread has the store's turn, and an action may wait in the queue: the thread takes the
    /// lock at its turn's end to look.
    @usableFromInline static var runningWithQueue: Int { 2 }

    @usableFromInline let word = AtomicWord(0)

    @usableFromInline
    init() {}

    /// Sets the flag if it is clear, without the store's lock; returns whether it did.
    @inlinable
    func claimWithoutLock() -> Bool {
        // Read first: a busy store's producers then share the flag's cache line instead of
        // taking it from each other with failed compare-and-swaps.
        guard word.loadRelaxed() == Self.clear else { return false }
        return word.exchangeAcquiring(expected: Self.clear, desired: Self.running)
    }

    /// Whether the flag is set. Call with the store's lock held.
    ///
    /// The load acquires: a flag just cleared without the lock releases the last turn's writes
    /// made after it let the lock go, and an arrival that then reduces at once, without
    /// claiming the flag, reads after them.
    @inlinable
    var isSet: Bool {
        word.loadAcquiring() != Self.clear
    }

    /// Whether the flag says ``running``: a turn under way, and nothing queued behind it. For
    /// debug builds' checks of the invariant, under the store's lock.
    @inlinable
    var saysNothingQueued: Bool {
        word.loadRelaxed() == Self.running
    }

    /// Sets the flag if it is clear; returns whether it did. Call with the store's lock held.
    ///
    /// `exclusive` says that nobody claims the flag without the lock (the store has no
    /// middleware, and `enqueue` calls ``claimWithoutLock()`` only on a store with middleware):
    /// it is then set with a plain store, not a compare-and-swap; a claim without the lock on
    /// such a store would break this. The load still acquires: the last turn's thread may have
    /// cleared the flag without the lock, after deliveries that this turn's must follow.
    @inlinable
    func claim(exclusive: Bool) -> Bool {
        if exclusive {
            guard word.loadAcquiring() == Self.clear else { return false }
            word.storeRelaxed(Self.running)
            return true
        }
        return word.exchangeAcquiring(expected: Self.clear, desired: Self.running)
    }

    /// Notes that an action is queued behind the turn under way, so that the thread running it
    /// looks at the queue before the store goes idle; returns `false`, noting nothing, when the
    /// flag is clear (no turn is under way, or it has just ended without the lock). Call with
    /// the store's lock held, with the action queued in the same hold of the lock (before or
    /// after: the turn's thread reads the queue only under the lock).
    @inlinable
    func noteWaiting() -> Bool {
        while true {
            switch word.loadRelaxed() {
            case Self.clear:
                return false
            case Self.running:
                // Fails only when the turn's thread cleared it meanwhile: look again.
                if word.exchangeAcquiring(expected: Self.running, desired: Self.runningWithQueue) { return true }
            default:
                return true
            }
        }
    }

    /// For an arrival that has just queued an action behind a set flag (or behind a claim
    /// without the lock that won over its own): notes the action waiting and returns `true`;
    /// or, if the turn under way ended without the lock before the note, claims the flag
    /// (trying again if another claim without the lock wins) and returns `false`: the store's
    /// turn is then the caller's, with the queue to run, and the flag says so. Call with the
    /// store's lock held.
    ///
    /// Out of line, and given no closure: a loop inlined into every dispatch cost W2 ten
    /// instructions a turn, though it never ran.
    @inline(never) @usableFromInline
    func noteWaitingOrClaim(exclusive: Bool) -> Bool {
        while true {
            if noteWaiting() {
                return true
            }
            if claim(exclusive: exclusive) {
                word.storeRelaxed(Self.runningWithQueue)
                return false
            }
        }
    }

    /// Clears the flag if nothing was queued since the turn's thread last took from the queue;
    /// returns whether it did. Without the lock, by the thread running the turns, at a turn's
    /// end; when it returns `false`, that thread takes the lock and looks at the queue.
    @inlinable
    func releaseWithoutLock() -> Bool {
        word.exchangeReleasing(expected: Self.running, desired: Self.clear)
    }

    /// Marks the flag ``running`` again: the thread running the turns has taken the last
    /// queued action. Call with the store's lock held, from that thread.
    @inlinable
    func noteQueueEmptied() {
        word.storeRelaxed(Self.running)
    }

    /// Clears the flag. Call with the store's lock held, from the thread running the turns.
    @inlinable
    func release() {
        word.storeReleasing(Self.clear)
    }
}
