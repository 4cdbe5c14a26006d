/// The last view state a row projection read, or notified before its element went: what it gives
/// once its element is gone.
///
/// Invariant: `stored` is read and written only with `lock` held (checked in debug builds), by
/// the row projection's state getter and by its row's selection (its fallback, and the last value
/// kept while the element is gone), which may run on different threads. `lock` is held only for
/// that read or write.
@usableFromInline
final class LastRowState<Value: Sendable>: @unchecked Sendable {  // `stored` is guarded by `lock`
    @usableFromInline
    let lock = Lock()
    /// Unchecked exclusivity: `lock` already keeps accesses apart.
    @usableFromInline @exclusivity(unchecked)
    var stored: Value

    @usableFromInline
    init(_ value: Value) {
        stored = value
    }

    @inlinable
    var value: Value {
        get {
            lock.withLock {
                lock.assertHeld("LastRowState.stored read or written without its lock")
                return stored
            }
        }
        set {
            lock.withLock {
                lock.assertHeld("LastRowState.stored read or written without its lock")
                stored = newValue
            }
        }
    }
}
