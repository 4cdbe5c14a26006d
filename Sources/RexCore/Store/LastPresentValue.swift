/// The last value an optional part of the state had while it was there: what a projection of
/// that part shows once it is gone (see `StoreType.projection(action:unwrapping:)`).
///
/// Invariant: `value` is read and written only in `update`, with `lock` held (checked in debug
/// builds): the projection's state mapping runs on whatever thread reads its state or runs its
/// store's turn. It holds the last present value `update` was given, or the first one.
@usableFromInline
final class LastPresentValue<Value: Sendable>: @unchecked Sendable {  // `value` is guarded by `lock`
    private let lock = Lock()
    private var value: Value

    @usableFromInline
    init(_ value: Value) {
        self.value = value
    }

    /// Keeps `present` when there is one, and returns the last value that was present.
    @usableFromInline
    func update(_ present: Value?) -> Value {
        lock.withLock {
            lock.assertHeld("LastPresentValue.value read or written without its lock")
            if let present {
                value = present
            }
            return value
        }
    }
}
