import Testing

/// Runs `body`, and fails the test if it has not returned within `limit` of real time.
///
/// The effect tests wait for signals (sleepers on the manual clock, effects ending, a state) that
/// come only when the behaviour under test happens; if it broke, they would wait forever and hang
/// the whole run. Swift Testing's `.timeLimit` trait does not help there: it cancels the test and
/// then waits for it, and these waits do not observe cancellation. Here the body runs in a task of
/// its own, abandoned when the time is up, so a broken behaviour fails its test instead.
///
/// The limit never decides the outcome of a test that passes: it only turns a hang into a failure.
/// So it is generous: under the thread sanitizer on CI's two cores, the whole suite takes about a
/// minute, and a test that needs a fraction of a second alone may wait for the processor half of
/// it (with 30 s, the demo's effect tests ran out of time on a loaded run without hanging).
public func withDeadline(
    _ limit: Duration = .seconds(120),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () async throws -> Void
) async throws {
    enum Outcome: Sendable {
        case returned
        case threw(any Error)
        case timedOut
    }
    let (outcomes, report) = AsyncStream.makeStream(of: Outcome.self)
    let work = Task {
        do {
            try await body()
            report.yield(.returned)
        } catch {
            report.yield(.threw(error))
        }
    }
    let timer = Task {
        guard (try? await Task.sleep(for: limit)) != nil else { return }  // the body returned first
        report.yield(.timedOut)
    }
    var iterator = outcomes.makeAsyncIterator()
    let outcome = await iterator.next()
    timer.cancel()
    switch outcome {
    case .returned, nil:
        return
    case .threw(let error):
        throw error
    case .timedOut:
        work.cancel()
        Issue.record("Still waiting after \(limit): what the test waits for never happened", sourceLocation: sourceLocation)
    }
}
