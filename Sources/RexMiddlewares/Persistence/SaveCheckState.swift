// Linux keeps the state in an atomic; Apple systems (where `Atomic` needs macOS 15 and its
// peers, newer than Rex supports) under a lock. Built with `-DREX_LOCKED_SAVE_CHECK`, Linux takes
// the lock too, as CI does once, so that the Apple branch is compiled and run here.
#if !canImport(Darwin) && !REX_LOCKED_SAVE_CHECK
import Synchronization
#endif
import Foundation

/// Where a persistence middleware stands, read on every turn: not started (no turn yet), idle,
/// or armed (a check of the part is scheduled); and how many turns it has seen. An atomic
/// increment and load per turn, so that a turn that leaves the part alone costs next to nothing.
@usableFromInline
final class SaveCheckState: @unchecked Sendable {  // on Apple systems (and with REX_LOCKED_SAVE_CHECK) `stored` and `storedTurns` are guarded by `lock`; elsewhere the atomics are the synchronization
    @usableFromInline static let notStarted = 0
    @usableFromInline static let idle = 1
    @usableFromInline static let armed = 2

    #if canImport(Darwin) || REX_LOCKED_SAVE_CHECK
    @usableFromInline let lock = NSLock()
    @usableFromInline var stored = SaveCheckState.notStarted
    @usableFromInline var storedTurns = 0
    #else
    @usableFromInline let atomic = Atomic<Int>(SaveCheckState.notStarted)
    @usableFromInline let atomicTurns = Atomic<Int>(0)
    #endif

    /// The current state. Sequentially consistent, like `arm` and `disarm`: a turn that reads
    /// `armed` is then sure that the check's next reading of the store's state sees its commit.
    @inlinable
    var value: Int {
        #if canImport(Darwin) || REX_LOCKED_SAVE_CHECK
        lock.withLock { stored }
        #else
        atomic.load(ordering: .sequentiallyConsistent)
        #endif
    }

    /// Counts a turn, then returns the state: counted first, so that a check that disarms and
    /// then reads the count sees this turn whenever the turn read `armed`.
    @inlinable
    func noteTurn() -> Int {
        #if canImport(Darwin) || REX_LOCKED_SAVE_CHECK
        lock.withLock {
            storedTurns &+= 1
            return stored
        }
        #else
        atomicTurns.wrappingAdd(1, ordering: .sequentiallyConsistent)
        return atomic.load(ordering: .sequentiallyConsistent)
        #endif
    }

    /// How many turns were counted.
    var turns: Int {
        #if canImport(Darwin) || REX_LOCKED_SAVE_CHECK
        lock.withLock { storedTurns }
        #else
        atomicTurns.load(ordering: .sequentiallyConsistent)
        #endif
    }

    /// Moves from `expected` to `desired`; returns whether it did.
    func move(from expected: Int, to desired: Int) -> Bool {
        #if canImport(Darwin) || REX_LOCKED_SAVE_CHECK
        lock.withLock {
            guard stored == expected else { return false }
            stored = desired
            return true
        }
        #else
        atomic.compareExchange(expected: expected, desired: desired, ordering: .sequentiallyConsistent).exchanged
        #endif
    }
}
