#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The store's state lock, held: the proof a function needs to touch the fields it guards.
///
/// Made only by `StoreCore.lockFields()`, the one place the lock is taken for a turn, and given
/// back only by ``unlock()``. It cannot be copied: a function that needs the lock borrows the
/// token, and one that lets the lock go consumes it, so the compiler checks what comments used
/// to say, that every path releases the lock exactly once and that nothing touches the fields
/// after. (Closures run under the lock, `withFields { … }`, cost W2 a quarter more: the
/// optimizer kept the turn's closures out of line.)
///
/// Invariant: while a token lives, its thread holds `mutex`, the store core's state lock. A token dropped without
/// ``unlock()`` is a bug: debug builds stop; release builds unlock.
@usableFromInline @frozen
struct HeldLock<Action, State>: ~Copyable {
    /// The fields the lock guards.
    @usableFromInline
    let fields: UnsafeMutablePointer<StoreCore<Action, State>.Fields>
    /// The held mutex, `core.lock`'s. Raw pointers only, no reference to the core: the token
    /// costs no retain, and the thread sanitizer saw a reference kept in it (`Unmanaged`) as
    /// an access to the core racing with the next turn's.
    @usableFromInline
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// The token of a lock just taken. Only `StoreCore.lockFields()` calls it, having taken
    /// the lock.
    @inlinable
    init(heldMutex mutex: UnsafeMutablePointer<pthread_mutex_t>, fields: UnsafeMutablePointer<StoreCore<Action, State>.Fields>) {
        self.mutex = mutex
        self.fields = fields
    }

    /// Whether anyone is subscribed, one by one or in a group.
    ///
    /// Read field by field through the pointer: a computed property of `Fields` would copy all
    /// of `Fields`, the state with it, onto the stack to call its getter (1 MiB for a state that
    /// large, stored inline).
    @inlinable
    var hasSubscribers: Bool {
        !fields.pointee.subscribers.isEmpty || fields.pointee.groupedCount > 0
    }

    /// Lets the lock go.
    @inlinable
    consuming func unlock() {
        pthread_mutex_unlock(mutex)
        discard self
    }

    // Inlinable: a turn that may end without the lock returns an optional token, and inlinable
    // code that lets go of an empty one refers to the deinitializer (Swift 6.3's optimizer stops
    // on a non-inlinable one there: "inlining a resilient function into a fragile function").
    @inlinable
    deinit {
        assertionFailure("Rex: a turn dropped the state lock's token without unlocking it")
        pthread_mutex_unlock(mutex)
    }
}
