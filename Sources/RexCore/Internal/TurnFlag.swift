import Synchronization

/// Whether the store is running turns, or has them scheduled on its queue. A dispatch that finds
/// it clear sets it and runs the turns itself; one that finds it set only queues its action.
///
/// An atomic flag where the system has `Atomic` (Linux, macOS 15 and its peers): a store with
/// middleware claims it without taking its lock, so that a turn takes one lock pair instead of
/// two (`handle` runs without the lock anyway). Claiming it under the lock cost W2 about 12% of
/// its time. Elsewhere it is a plain flag, set and cleared only under the store's lock.
///
/// Under the lock, it is only set while clear (``claim()``) and cleared by the thread running
/// the turns, when the queue is empty (``release()``).
@usableFromInline
struct TurnFlag {
    /// An `Atomic<Bool>` where `Atomic` exists, a `Bool` elsewhere; allocated by the store's
    /// core, for the life of the store.
    @usableFromInline let storage: UnsafeMutableRawPointer

    @usableFromInline
    init() {
        storage = .allocate(byteCount: MemoryLayout<UInt64>.size, alignment: MemoryLayout<UInt64>.alignment)
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            storage.bindMemory(to: Atomic<Bool>.self, capacity: 1).initialize(to: Atomic(false))
        } else {
            storage.bindMemory(to: Bool.self, capacity: 1).initialize(to: false)
        }
    }

    /// Frees the flag; call once, when the store goes.
    @usableFromInline
    func deallocate() {
        storage.deallocate()
    }

    /// Sets the flag if it is clear, without the store's lock; returns whether it did. Always
    /// `false` where the flag is a plain one: the caller then takes the lock.
    @inlinable
    func claimWithoutLock() -> Bool {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return storage.assumingMemoryBound(to: Atomic<Bool>.self).pointee
                .compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        }
        return false
    }

    /// Whether the flag is set. Call with the store's lock held.
    @inlinable
    var isSet: Bool {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return storage.assumingMemoryBound(to: Atomic<Bool>.self).pointee.load(ordering: .relaxed)
        }
        return storage.assumingMemoryBound(to: Bool.self).pointee
    }

    /// Sets the flag if it is clear; returns whether it did. Call with the store's lock held.
    ///
    /// `exclusive` says that nobody claims the flag without the lock (the store has no
    /// middleware): it is then set with a plain store, not a compare-and-swap.
    @inlinable
    func claim(exclusive: Bool) -> Bool {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            let flag = storage.assumingMemoryBound(to: Atomic<Bool>.self)
            if exclusive {
                guard !flag.pointee.load(ordering: .relaxed) else { return false }
                flag.pointee.store(true, ordering: .relaxed)
                return true
            }
            return flag.pointee.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        }
        let flag = storage.assumingMemoryBound(to: Bool.self)
        guard !flag.pointee else { return false }
        flag.pointee = true
        return true
    }

    /// Clears the flag. Call with the store's lock held, from the thread running the turns.
    @inlinable
    func release() {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            storage.assumingMemoryBound(to: Atomic<Bool>.self).pointee.store(false, ordering: .releasing)
        } else {
            storage.assumingMemoryBound(to: Bool.self).pointee = false
        }
    }
}
