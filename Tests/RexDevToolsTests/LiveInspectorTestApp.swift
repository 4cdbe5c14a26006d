import Foundation
import RexCore
import RexDevTools
import RexTesting
import RexTestSupport

/// A recorded, travelling store streaming to a ``FakeLiveInspectorTransport``, on a `TestClock`.
struct LiveInspectorTestApp {
    typealias Domain = RecorderDomain
    typealias Batch = LiveInspectorBatch<Domain.Action, Domain.State>

    let transport = FakeLiveInspectorTransport()
    let clock = TestClock()
    let logged = RexTestSupport.Recorder<String>()
    let recorder: RexDevTools.Recorder<Domain.Action, Domain.State>
    let travel: TimeTravel<Domain.Action, Domain.State>
    let inspector: LiveInspector<Domain.Action, Domain.State>
    let store: ReduxStoreBase<Domain.Action, Domain.State>

    init(capacity: Int = 100, batchSize: Int = 100, latency: Duration = .zero) {
        recorder = RexDevTools.Recorder(capacity: capacity, reducer: Domain.reducer, snapshotInterval: 4)
        travel = TimeTravel(recorder: recorder)
        inspector = LiveInspector(
            travel: travel,
            transport: transport,
            batchSize: batchSize,
            latency: latency,
            clock: clock,
            log: { [logged] in logged.record($0) }
        )
        store = ReduxStoreBase(
            initialState: Domain.State(),
            reducer: travel.reducer(Domain.reducer),
            middleware: travel.middleware(inspector.middleware)
        )
        inspector.start(in: store)
    }

    /// Returns once a task sleeps on the clock (the inspector's backoff); unlike
    /// `TestClock.waitForSleepers`, ends with `CancellationError` when the test's time limit
    /// passes, so that an inspector that never backs off fails the test instead of hanging it.
    /// It spins on `Task.yield()`: no real time passes, and the sleeper comes within a few turns
    /// of the executor.
    func waitForSleeper() async throws {
        while clock.sleeperCount == 0 {
            try Task.checkCancellation()
            await Task.yield()
        }
    }

    /// The next batch sent, decoded, and its call, waiting for an answer.
    func nextBatch() async throws -> (batch: Batch, call: Rendezvous<Data, Void>.Call) {
        let call = try await transport.sends.next()
        return (try Batch(jsonData: call.request), call)
    }

    /// Takes the next batch (the server accepts it) and returns it.
    func acceptNextBatch() async throws -> Batch {
        let (batch, call) = try await nextBatch()
        transport.sends.answer(call, with: ())
        return batch
    }
}
