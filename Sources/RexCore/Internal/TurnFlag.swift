// Apple systems take the locked branch: the plain flag under the store's lock. Linux takes the
// atomic one, unless built with `-DREX_LOCKED_TURN_FLAG`, which CI does once so that the Apple
// branch is compiled and run here too.
#if !canImport(Darwin) && !REX_LOCKED_TURN_FLAG
import Synchronization
#endif

/// Whether the store is running turns, or has them scheduled on its queue. A dispatch that finds
/// it clear sets it and runs the turns itself; one that finds it set only queues its action.
///
/// On Linux it is an `Atomic`: a store with middleware claims it without taking its lock, so
/// that a turn takes one lock pair instead of two (`handle` runs without the lock anyway).
/// Claiming it under the lock cost W2 about 10% of its time. On Apple systems it is a plain flag,
/// set and cleared only under the store's lock: `Atomic` needs macOS 15 and its peers, and the
/// package supports older ones, where linking the `Synchronization` library could not be checked.
///
/// Under the lock, it is only set while clear (``claim(exclusive:)``), and cleared by the thread
/// running the turns when the queue is empty (``release()``).
@usableFromInline
struct TurnFlag {
    #if canImport(Darwin) || REX_LOCKED_TURN_FLAG
    @usableFromInline let flag: UnsafeMutablePointer<Bool>
    #else
    @usableFromInline let flag: UnsafeMutablePointer<Atomic<Bool>>
    #endif

    @usableFromInline
    init() {
        flag = .allocate(capacity: 1)
        #if canImport(Darwin) || REX_LOCKED_TURN_FLAG
        flag.initialize(to: false)
        #else
        flag.initialize(to: Atomic(false))
        #endif
    }

    /// Whether the flag can be claimed without the store's lock.
    @inlinable
    static var claimsWithoutLock: Bool {
        #if canImport(Darwin) || REX_LOCKED_TURN_FLAG
        false
        #else
        true
        #endif
    }

    /// Frees the flag; call once, when the store goes.
    @usableFromInline
    func deallocate() {
        flag.deinitialize(count: 1)
        flag.deallocate()
    }

    /// Sets the flag if it is clear, without the store's lock; returns whether it did. Always
    /// `false` where the flag is a plain one: the caller then takes the lock.
    @inlinable
    func claimWithoutLock() -> Bool {
        #if canImport(Darwin) || REX_LOCKED_TURN_FLAG
        return false
        #else
        // Read first: a busy store's producers then share the flag's cache line instead of
        // taking it from each other with failed compare-and-swaps.
        guard !flag.pointee.load(ordering: .relaxed) else { return false }
        return flag.pointee.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        #endif
    }

    /// Whether the flag is set. Call with the store's lock held.
    @inlinable
    var isSet: Bool {
        #if canImport(Darwin) || REX_LOCKED_TURN_FLAG
        flag.pointee
        #else
        flag.pointee.load(ordering: .relaxed)
        #endif
    }

    /// Sets the flag if it is clear; returns whether it did. Call with the store's lock held.
    ///
    /// `exclusive` says that nobody claims the flag without the lock (the store has no
    /// middleware): it is then set with a plain store, not a compare-and-swap.
    @inlinable
    func claim(exclusive: Bool) -> Bool {
        #if canImport(Darwin) || REX_LOCKED_TURN_FLAG
        guard !flag.pointee else { return false }
        flag.pointee = true
        return true
        #else
        if exclusive {
            guard !flag.pointee.load(ordering: .relaxed) else { return false }
            flag.pointee.store(true, ordering: .relaxed)
            return true
        }
        return flag.pointee.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        #endif
    }

    /// Clears the flag. Call with the store's lock held, from the thread running the turns.
    @inlinable
    func release() {
        #if canImport(Darwin) || REX_LOCKED_TURN_FLAG
        flag.pointee = false
        #else
        flag.pointee.store(false, ordering: .releasing)
        #endif
    }
}
