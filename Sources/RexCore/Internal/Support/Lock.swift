#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A `pthread_mutex` the store owns: the one lock primitive of the library.
///
/// A `pthread_mutex` rather than `Synchronization.Mutex` because the thread sanitizer on Linux
/// understands it (and `Mutex` needs newer Apple systems than we support). The mutex lives at a
/// stable heap address, which a mutex needs and a Swift stored property does not guarantee.
/// Visible to the package's other modules, so that they lock the same way.
///
/// Invariant: `mutex` points to one `pthread_mutex_t`, allocated and initialized by `init` (which
/// stops if the initialization fails) and destroyed and freed by `deinit`, never moved or copied
/// in between (a mutex must stay where it was initialized). A thread unlocks only a lock it
/// holds. Debug builds check the initialization, a thread taking again a lock with a
/// `reentryMessage` that it holds, and, where code asks, that a lock is held (`assertHeld`).
@usableFromInline
package final class Lock: @unchecked Sendable {  // the pthread mutex is itself the synchronization
    @usableFromInline
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// What a debug build says, and stops with, when a thread takes the lock it already holds.
    @usableFromInline
    let reentryMessage: StaticString?

    /// Creates a lock; a recursive one may be taken again by the thread that holds it.
    ///
    /// A spinning lock makes a thread that finds it taken try again for a moment before it
    /// sleeps (on Linux; elsewhere it is an ordinary lock). That suits a lock that two threads
    /// take all the time for very short sections, where a thread put to sleep and woken again
    /// costs microseconds; taking it when it is free costs a few more instructions.
    ///
    /// With a `reentryMessage`, a debug build stops with that message when a thread takes the
    /// lock it already holds (an error-checking mutex tells), where it would otherwise wait
    /// forever; a release build does not check.
    @usableFromInline
    package init(recursive: Bool = false, spinning: Bool = false, reentryMessage: StaticString? = nil) {
        self.reentryMessage = reentryMessage
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        var type: Int32?
        if recursive {
            type = Int32(PTHREAD_MUTEX_RECURSIVE)
        } else if spinning {
            #if canImport(Glibc)
            type = Int32(PTHREAD_MUTEX_ADAPTIVE_NP)
            #endif
        }
        #if DEBUG
        if reentryMessage != nil {
            type = Int32(PTHREAD_MUTEX_ERRORCHECK)
        }
        #endif
        if let type {
            pthread_mutexattr_settype(&attributes, type)
        }
        let result = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inlinable
    package func lock() {
        #if DEBUG
        if pthread_mutex_lock(mutex) == EDEADLK, let reentryMessage {
            preconditionFailure("\(reentryMessage)")
        }
        #else
        pthread_mutex_lock(mutex)
        #endif
    }

    /// Takes the lock if it is free (or, for a recursive lock, already held by this thread);
    /// returns whether it did, without waiting.
    @inlinable
    package func tryLock() -> Bool {
        pthread_mutex_trylock(mutex) == 0
    }

    @inlinable
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    @inlinable
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
