import Foundation
import RexTesting

/// A clock on which time passes only as it is read: each reading of `now` is `step` later than
/// the one before, so that work measured on it takes a `step` for each reading. Its sleeps
/// return at once and are noted: how long each asked for, from the reading that made its
/// deadline (so one task at a time may read it while another sleeps on it).
final class SteppingClock: Clock, @unchecked Sendable {
    // @unchecked: `step`, `current` and `sleeps` are guarded by `lock`; `origin` never changes.
    /// An instant as the time since the clock was made: the test clock's.
    typealias Instant = TestClock.Instant

    /// The clock's first instant, taken from a test clock that is never advanced.
    private let origin = TestClock().now

    private let lock = NSLock()
    private var step: Duration
    private var current = Duration.zero
    private var sleeps: [Duration] = []

    /// A clock whose readings are `step` apart.
    init(step: Duration) {
        self.step = step
    }

    var now: Instant {
        lock.withLock {
            current += step
            return origin.advanced(by: current)
        }
    }

    var minimumResolution: Duration {
        .nanoseconds(1)
    }

    /// Makes the readings from now on `step` apart.
    func setStep(_ step: Duration) {
        lock.withLock { self.step = step }
    }

    /// Notes how long the sleep asked for (`sleep(for:)` reads `now` once, then asks for a
    /// deadline that much later) and returns, unless the task is cancelled.
    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        lock.withLock {
            sleeps.append(origin.advanced(by: current).duration(to: deadline))
        }
        try Task.checkCancellation()
    }

    /// How long each sleep asked for, in order.
    var sleepsAskedFor: [Duration] {
        lock.withLock { sleeps }
    }
}
