import Dispatch
import Foundation
import RexTestSupport
import Testing
@testable import RexDevTools

/// White-box tests of the sending task's wake-up: each path of `LiveInspectorSignal`. A broken
/// path leaves a task waiting, which the time limit turns into a failure.
@Suite("LiveInspectorSignal", .timeLimit(.minutes(1)))
struct LiveInspectorSignalTests {
    /// Starts a task that waits on `signal` with no work, and returns it once its continuation is
    /// handed over (when the signal asks whether there is work).
    func waitingTask(on signal: LiveInspectorSignal) async -> Task<Void, Never> {
        let (registered, continuation) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            await signal.wait(unlessAfterwards: {
                continuation.yield()
                return false
            })
        }
        for await _ in registered { break }
        return task
    }

    @Test("A notify resumes the waiting task, once: a second notify finds none and does nothing")
    func notifyResumesOnce() async {
        let signal = LiveInspectorSignal()
        signal.notify()
        let task = await waitingTask(on: signal)
        signal.notify()
        signal.notify()
        await task.value
        // The second notify found no waiter (resuming one twice would stop the test); a new
        // wait is ended by a new notify.
        let second = await waitingTask(on: signal)
        signal.notify()
        await second.value
    }

    @Test("The wait is set up before the look for work: a notify during the look ends it")
    func notifyDuringTheLookEndsTheWait() async {
        let signal = LiveInspectorSignal()
        // A turn that ends while the sending task looks (and finds nothing yet): had the wait
        // been set up after the look, this notify would find no waiter, and the wait would
        // never end.
        await signal.wait(unlessAfterwards: {
            signal.notify()
            return false
        })
    }

    @Test("Work found after the wait is set up ends it at once")
    func workFoundAfterwardsEndsTheWait() async {
        let signal = LiveInspectorSignal()
        var asked = 0
        await signal.wait(unlessAfterwards: {
            asked += 1
            return true
        })
        #expect(asked == 1)
    }

    /// A number one thread posts and another reads, under a lock.
    final class Posted: @unchecked Sendable {  // `value` is guarded by `lock`
        private let lock = NSLock()
        private var value = 0

        var current: Int { lock.withLock { value } }

        func post(_ number: Int) {
            lock.withLock { value = number }
        }
    }

    @Test("Many posts from another thread, each followed by a notify, each wake the waiting task or are seen by its look: none is lost")
    func noWakeUpLost() async throws {
        let rounds = 5_000
        let signal = LiveInspectorSignal()
        let posted = Posted()
        let seen = DispatchSemaphore(value: 0)
        // The poster waits until each number is seen before posting the next, so that a notify
        // that wakes no one and a look that misses the number would leave both waiting: the
        // deadline fails the test then.
        let poster = Thread {
            for number in 1...rounds {
                posted.post(number)
                signal.notify()
                seen.wait()
            }
        }
        poster.start()
        try await withDeadline {
            var last = 0
            while last < rounds {
                await signal.wait(unlessAfterwards: { posted.current > last })
                let now = posted.current
                if now > last {
                    #expect(now == last + 1)
                    last = now
                    seen.signal()
                }
            }
        }
    }

    @Test("Stopping resumes the waiting task, and later waits return at once")
    func stopEndsWaits() async {
        let signal = LiveInspectorSignal()
        let task = await waitingTask(on: signal)
        signal.stop()
        await task.value
        var asked = false
        await signal.wait(unlessAfterwards: {
            asked = true
            return false
        })
        #expect(!asked)
    }
}
