/// The last value a de-duplicating subscription delivered.
final class LastValue<Value: Equatable & Sendable>: @unchecked Sendable {  // `value` is guarded by `lock`
    private let lock = Lock()
    private var value: Value?

    /// Stores `newValue` and returns `true` if it differs from the last one (or is the first).
    func replace(with newValue: Value) -> Bool {
        lock.withLock {
            if value == newValue { return false }
            value = newValue
            return true
        }
    }
}
