/// The last value an optional part of the state had while it was there: what a projection of
/// that part shows once it is gone (see `StoreType.projection(action:unwrapping:)`).
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
            if let present {
                value = present
            }
            return value
        }
    }
}
