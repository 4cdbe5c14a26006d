/// Numbers deliveries in the order they happen, from any thread.
///
/// Invariant: `count` is read and written only in `next`, with `lock` held (checked in debug
/// builds); it is the number `next` returned last (0 before the first), so each call gets a
/// number no other call gets, one more than the call before it.
final class DeliveryCounter: @unchecked Sendable {  // `count` is guarded by `lock`
    private let lock = Lock()
    private var count: UInt64 = 0

    /// Returns the next number, starting at 1.
    func next() -> UInt64 {
        lock.withLock {
            lock.assertHeld("DeliveryCounter.count read or written without its lock")
            count += 1
            return count
        }
    }
}
