/// Whether the store is running turns, or has them scheduled on its queue. A dispatch that finds
/// it clear sets it and runs the turns itself; one that finds it set only queues its action.
///
/// An ``AtomicWord`` (0 clear, 1 set), the same on every platform: a store with middleware claims
/// it without taking its lock, so that a turn takes one lock pair instead of two (`handle` runs
/// without the lock anyway). Claiming it under the lock cost W2 about 10% of its time.
///
/// Under the lock, it is only set while clear (``claim(exclusive:)``), and cleared by the thread
/// running the turns when the queue is empty (``release()``).
@usableFromInline
struct TurnFlag: ~Copyable, Sendable {
    @usableFromInline let word = AtomicWord(0)

    @usableFromInline
    init() {}

    /// Sets the flag if it is clear, without the store's lock; returns whether it did.
    @inlinable
    func claimWithoutLock() -> Bool {
        // Read first: a busy store's producers then share the flag's cache line instead of
        // taking it from each other with failed compare-and-swaps.
        guard word.loadRelaxed() == 0 else { return false }
        return word.exchangeAcquiring(expected: 0, desired: 1)
    }

    /// Whether the flag is set. Call with the store's lock held.
    @inlinable
    var isSet: Bool {
        word.loadRelaxed() != 0
    }

    /// Sets the flag if it is clear; returns whether it did. Call with the store's lock held.
    ///
    /// `exclusive` says that nobody claims the flag without the lock (the store has no
    /// middleware): it is then set with a plain store, not a compare-and-swap.
    @inlinable
    func claim(exclusive: Bool) -> Bool {
        if exclusive {
            guard word.loadRelaxed() == 0 else { return false }
            word.storeRelaxed(1)
            return true
        }
        return word.exchangeAcquiring(expected: 0, desired: 1)
    }

    /// Clears the flag. Call with the store's lock held, from the thread running the turns.
    @inlinable
    func release() {
        word.storeReleasing(0)
    }
}
