/// The store's state lock, held: the proof a function needs to touch the fields it guards.
///
/// Made only by `StoreCore.lockFields()`, the one place the lock is taken for a turn, and given
/// back only by ``unlock()``. It cannot be copied: a function that needs the lock borrows the
/// token, and one that lets the lock go consumes it, so the compiler checks what comments used
/// to say, that every path releases the lock exactly once and that nothing touches the fields
/// after. (Closures run under the lock, `withFields { … }`, cost W2 a quarter more: the
/// optimizer kept the turn's closures out of line.)
///
/// Invariant: while a token lives, its thread holds `core.lock`. A token dropped without
/// ``unlock()`` is a bug: debug builds stop; release builds unlock.
@usableFromInline @frozen
struct HeldLock<Action, State>: ~Copyable {
    /// The core whose lock is held; unretained, since the caller holds the core for the
    /// token's whole life (the token never outlives the function that took it).
    @usableFromInline
    let core: Unmanaged<StoreCore<Action, State>>

    /// Takes `core`'s lock. Only `StoreCore.lockFields()` calls it.
    @inlinable
    init(locking core: borrowing StoreCore<Action, State>) {  // borrowed: an owned core was retained and released each turn, on the slow path of an object with weak references
        core.lock.lock()
        self.core = Unmanaged.passUnretained(core)
    }

    /// The fields the lock guards.
    @inlinable
    var fields: UnsafeMutablePointer<StoreCore<Action, State>.Fields> {
        core._withUnsafeGuaranteedRef { $0.fields }
    }

    /// Lets the lock go.
    @inlinable
    consuming func unlock() {
        core._withUnsafeGuaranteedRef { $0.lock.unlock() }
        discard self
    }

    deinit {
        assertionFailure("Rex: a turn dropped the state lock's token without unlocking it")
        core._withUnsafeGuaranteedRef { $0.lock.unlock() }
    }
}
