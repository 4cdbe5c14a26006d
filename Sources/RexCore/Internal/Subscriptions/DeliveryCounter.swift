/// Numbers deliveries in the order they happen, from any thread.
final class DeliveryCounter: @unchecked Sendable {  // `count` is guarded by `lock`
    private let lock = Lock()
    private var count: UInt64 = 0

    /// Returns the next number, starting at 1.
    func next() -> UInt64 {
        lock.withLock {
            count += 1
            return count
        }
    }
}
