import Foundation

/// A clock on which time passes only as it is read: each reading of `now` is `step` later than
/// the one before, so that work measured on it takes `step` for each reading. Its sleeps return
/// at once and are noted: how long each asked for, from the reading that made its deadline.
final class SteppingClock: Clock, @unchecked Sendable {
    // @unchecked: `readings` and `sleeps` are guarded by `lock`.
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    /// How much later each reading of `now` is than the one before.
    let step: Duration
    private let lock = NSLock()
    private var readings = 0
    private var sleeps: [Duration] = []

    init(step: Duration) {
        self.step = step
    }

    var now: Instant {
        lock.withLock {
            readings += 1
            return Instant(offset: step * readings)
        }
    }

    var minimumResolution: Duration {
        .nanoseconds(1)
    }

    /// Notes how long the sleep asked for (`sleep(for:)` reads `now` once, then asks for a
    /// deadline that much later) and returns, unless the task is cancelled.
    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        lock.withLock {
            sleeps.append(deadline.offset - step * readings)
        }
        try Task.checkCancellation()
    }

    /// How long each sleep asked for, in order.
    var sleepsAskedFor: [Duration] {
        lock.withLock { sleeps }
    }
}
