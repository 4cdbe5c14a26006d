import Foundation
import RexCore
import RexDevTools
import Testing

@Suite("LiveInspector sending", .timeLimit(.minutes(1)))
struct LiveInspectorSendingTests {
    typealias Domain = RecorderDomain

    @Test("Steps reach the server in batches, in order, each as the recorder keeps it")
    func stepsArriveInBatchesInOrder() async throws {
        let app = LiveInspectorTestApp(batchSize: 3)
        app.store.dispatch(.add("a"))
        let (first, call) = try await app.nextBatch()
        // While the first batch is on its way, five more turns wait in the buffer.
        for item in ["b", "c", "d", "e", "f"] {
            app.store.dispatch(.add(item))
        }
        app.transport.sends.answer(call, with: ())
        let second = try await app.acceptNextBatch()
        let third = try await app.acceptNextBatch()

        #expect(first.steps.map(\.index) == [0])
        #expect(first.initialState == Domain.State())
        #expect(second.steps.map(\.index) == [1, 2, 3])
        #expect(second.initialState == nil)
        #expect(third.steps.map(\.index) == [4, 5])
        let sent = first.steps + second.steps + third.steps
        let recorded = app.recorder.steps
        #expect(sent.map(\.action) == recorded.map(\.action))
        #expect(sent.map(\.state) == recorded.map(\.state))
        #expect(sent.map(\.source) == recorded.map(\.source))
        #expect([first, second, third].map(\.dropped) == [0, 0, 0])
        await app.inspector.stop()
    }

    @Test("A step that finds the sending task idle waits the latency, on the clock, for the steps that come meanwhile: one batch, one wake")
    func latencyGathersOneBatch() async throws {
        let app = LiveInspectorTestApp(latency: .milliseconds(100))
        app.store.dispatch(.increment)
        // The sending task, woken by the turn, waits out the latency.
        try await app.waitForSleeper()
        app.store.dispatch(.increment)
        app.store.dispatch(.add("a"))
        app.clock.advance(by: .milliseconds(100))
        let batch = try await app.acceptNextBatch()

        #expect(batch.steps.map(\.index) == [0, 1, 2])
        #expect(batch.initialState == Domain.State())
        #expect(batch.steps.last?.state.items == ["a"])
        await app.inspector.stop()
    }

    @Test("A batch's steps are encoded as a session file's steps")
    func batchStepsAreSessionSteps() async throws {
        let app = LiveInspectorTestApp()
        app.store.dispatch(.rename("Groceries"))
        let call = try await app.transport.sends.next()
        app.transport.sends.answer(call, with: ())
        let object = try JSONSerialization.jsonObject(with: call.request) as? [String: Any]
        let step = (object?["steps"] as? [[String: Any]])?.first
        #expect(Set(step?.keys.map { $0 } ?? []) == ["index", "action", "source", "time", "durationSeconds", "state"])
        #expect(object?["dropped"] as? Int == 0)
        #expect(object?["formatVersion"] as? Int == 1)
        await app.inspector.stop()
    }

    @Test("Steps the recorder no longer keeps when their turn to be sent comes are dropped, and the next batch says how many")
    func fullBufferDropsOldest() async throws {
        let app = LiveInspectorTestApp(capacity: 3)
        app.store.dispatch(.increment)
        let (first, call) = try await app.nextBatch()
        for _ in 1...5 {
            app.store.dispatch(.increment)
        }
        #expect(app.inspector.unsentStepCount == 3)
        app.transport.sends.answer(call, with: ())
        let second = try await app.acceptNextBatch()

        #expect(first.steps.map(\.index) == [0])
        #expect(second.steps.map(\.index) == [3, 4, 5])
        #expect(second.dropped == 2)
        #expect(second.steps.last?.state.count == 6)
        await app.inspector.stop()
    }

    @Test("A failing server costs no turn a wait: the batch is sent again with backoff, and sending resumes")
    func failingServerThenWorkingOne() async throws {
        let app = LiveInspectorTestApp()
        app.store.dispatch(.increment)
        let first = try await app.transport.sends.next()
        // The transport is blocked on `first`: turns still return at once.
        for _ in 1...3 {
            app.store.dispatch(.increment)
        }
        #expect(app.store.state.count == 4)
        app.transport.sends.fail(first)
        try await app.waitForSleeper()
        app.store.dispatch(.increment)
        app.clock.advance(by: .milliseconds(100))
        let second = try await app.transport.sends.next()
        #expect(second.request == first.request)
        app.transport.sends.fail(second)
        // The second wait is twice as long.
        try await app.waitForSleeper()
        app.clock.advance(by: .milliseconds(100))
        #expect(app.clock.sleeperCount == 1)
        app.clock.advance(by: .milliseconds(100))
        let third = try await app.transport.sends.next()
        #expect(third.request == first.request)
        app.transport.sends.answer(third, with: ())
        let resumed = try await app.acceptNextBatch()

        #expect(try LiveInspectorBatch<Domain.Action, Domain.State>(jsonData: first.request).steps.map(\.index) == [0])
        #expect(resumed.steps.map(\.index) == [1, 2, 3, 4])
        #expect(resumed.dropped == 0)
        #expect(app.logged.values.count == 2)
        await app.inspector.stop()
    }

    @Test("A batch sent again after a failure carries the state before its steps, for a server that restarted and lost it")
    func resentBatchCarriesItsStateBefore() async throws {
        let app = LiveInspectorTestApp()
        app.store.dispatch(.add("a"))
        _ = try await app.acceptNextBatch()
        app.store.dispatch(.add("b"))
        let (sent, failing) = try await app.nextBatch()
        app.transport.sends.fail(failing)
        try await app.waitForSleeper()
        app.clock.advance(by: .milliseconds(100))
        let resent = try await app.acceptNextBatch()

        #expect(sent.initialState == nil)
        #expect(resent.steps.map(\.index) == [1])
        #expect(resent.initialState?.items == ["a"])
        #expect(resent.steps.map(\.state) == sent.steps.map(\.state))
        await app.inspector.stop()
    }

    @Test("After a failed poll (a server restarted while the app was idle), the next batch carries the state before its steps")
    func batchAfterFailedPollCarriesItsStateBefore() async throws {
        let app = LiveInspectorTestApp()
        app.store.dispatch(.add("a"))
        _ = try await app.acceptNextBatch()
        let poll = try await app.transport.polls.next()
        app.transport.polls.fail(poll)
        // The poll's backoff: the sending task waits for turns, not on the clock.
        try await app.waitForSleeper()
        app.store.dispatch(.add("b"))
        let next = try await app.acceptNextBatch()

        #expect(next.steps.map(\.index) == [1])
        #expect(next.initialState?.items == ["a"])
        await app.inspector.stop()
    }

    @Test("A batch the server finds too large goes in halves; a single step too large is dropped and counted in the next batch")
    func tooLargeBatchGoesInHalves() async throws {
        let app = LiveInspectorTestApp(batchSize: 4, latency: .milliseconds(100))
        for item in ["a", "b", "c"] {
            app.store.dispatch(.add(item))
        }
        try await app.waitForSleeper()
        app.clock.advance(by: .milliseconds(100))
        let tooLarge = LiveInspectorTransportError.status(413)
        let (whole, first) = try await app.nextBatch()
        app.transport.sends.fail(first, with: tooLarge)
        let (firstHalf, second) = try await app.nextBatch()
        app.transport.sends.answer(second, with: ())
        let (secondHalf, third) = try await app.nextBatch()
        app.transport.sends.fail(third, with: tooLarge)
        let (single, fourth) = try await app.nextBatch()
        app.transport.sends.fail(fourth, with: tooLarge)
        let last = try await app.acceptNextBatch()
        app.store.dispatch(.add("d"))
        try await app.waitForSleeper()
        app.clock.advance(by: .milliseconds(100))
        let after = try await app.acceptNextBatch()

        #expect(whole.steps.map(\.index) == [0, 1, 2])
        #expect(firstHalf.steps.map(\.index) == [0])
        #expect(firstHalf.initialState == Domain.State())
        #expect(secondHalf.steps.map(\.index) == [1, 2])
        #expect(single.steps.map(\.index) == [1])
        #expect(last.steps.map(\.index) == [2])
        #expect(after.steps.map(\.index) == [3])
        #expect(after.dropped == 1)
        #expect(app.logged.values.contains { $0.contains("step 1 is larger than the server takes") })
        await app.inspector.stop()
    }

    @Test("Woken, the sender sends full batches one after another, at most batchesPerWake, then waits the latency again")
    func fullBatchesGoBackToBackThenTheLatency() async throws {
        let app = LiveInspectorTestApp(batchSize: 1, latency: .milliseconds(100))
        let turns = LiveInspector<Domain.Action, Domain.State>.batchesPerWake + 2
        for _ in 0..<turns {
            app.store.dispatch(.increment)
        }
        try await app.waitForSleeper()
        app.clock.advance(by: .milliseconds(100))
        var indexes: [Int] = []
        for _ in 0..<LiveInspector<Domain.Action, Domain.State>.batchesPerWake {
            indexes += try await app.acceptNextBatch().steps.map(\.index)
        }
        // Ten batches sent without a wait; the eleventh waits the latency on the clock.
        try await app.waitForSleeper()
        #expect(indexes == Array(0..<LiveInspector<Domain.Action, Domain.State>.batchesPerWake))
        app.clock.advance(by: .milliseconds(100))
        indexes += try await app.acceptNextBatch().steps.map(\.index)
        indexes += try await app.acceptNextBatch().steps.map(\.index)
        #expect(indexes == Array(0..<turns))
        await app.inspector.stop()
    }

    @Test("A wake's reading and encoding asks for a rest restPerWork times as long, less the time spent waiting for steps: the sending task works a tenth of the time")
    func workAsksForARest() async throws {
        let clock = SteppingClock(step: .milliseconds(10))
        let (inspector, store, transport) = Self.inspecting(on: clock, batchSize: 100)
        for _ in 0..<2 {
            store.dispatch(.increment)
            try await Self.acceptNextSend(on: transport)
        }

        // The first wake waited the latency. Its work took four readings of the clock, two for
        // the recorder's read and two for the encoding: 20 ms, a rest of 180 ms; the wait for
        // the next step took two, 10 ms, so the second wake waited 170 ms.
        let sleeps = clock.sleepsAskedFor
        #expect(sleeps == [.milliseconds(1), .milliseconds(170)])
        await inspector.stop()
    }

    @Test("A wake stops sending once its work took longer than the latency, and rests at most longestRest, however long the work took (a system that slept during it)")
    func restIsBounded() async throws {
        // An hour between readings while the first batch is read and encoded.
        let clock = SteppingClock(step: .seconds(3_600))
        let (inspector, store, transport) = Self.inspecting(on: clock, batchSize: 1)
        store.dispatch(.increment)
        let first = try await transport.sends.next()
        // A second step waits while the first batch is on its way: a full batch, which the same
        // wake would send at once had its work been short.
        store.dispatch(.increment)
        clock.setStep(.milliseconds(1))
        transport.sends.answer(first, with: ())
        try await Self.acceptNextSend(on: transport)

        let rest = LiveInspector<Domain.Action, Domain.State>.longestRest
        let sleeps = clock.sleepsAskedFor
        try #require(sleeps.count == 2, "the second batch went without a rest: \(sleeps)")
        #expect(sleeps[1] <= rest && sleeps[1] > rest - .seconds(1))
        #expect(LiveInspector<Domain.Action, Domain.State>.restPerWork == 9)
        await inspector.stop()
    }

    /// Waits for the next batch sent to `transport`, and accepts it.
    static func acceptNextSend(on transport: FakeLiveInspectorTransport) async throws {
        let call = try await transport.sends.next()
        transport.sends.answer(call, with: ())
    }

    /// A recorded, travelling store streaming to a fake server, its inspector on `clock` with a
    /// latency of 1 ms.
    static func inspecting(on clock: SteppingClock, batchSize: Int) -> (LiveInspector<Domain.Action, Domain.State>, ReduxStoreBase<Domain.Action, Domain.State>, FakeLiveInspectorTransport) {
        let transport = FakeLiveInspectorTransport()
        let recorder = RexDevTools.Recorder<Domain.Action, Domain.State>(capacity: 100, reducer: Domain.reducer)
        let travel = TimeTravel(recorder: recorder)
        let inspector = LiveInspector(travel: travel, transport: transport, batchSize: batchSize, latency: .milliseconds(1), clock: clock, log: { _ in })
        let store = ReduxStoreBase(
            initialState: Domain.State(),
            reducer: travel.reducer(Domain.reducer),
            middleware: travel.middleware(inspector.middleware)
        )
        inspector.start(in: store)
        return (inspector, store, transport)
    }

    @Test("Stopping ends the inspector's tasks, even while a send and a poll wait on the server")
    func stopEndsTasks() async throws {
        let app = LiveInspectorTestApp()
        app.store.dispatch(.increment)
        _ = try await app.transport.sends.next()
        _ = try await app.transport.polls.next()
        await app.inspector.stop()

        #expect(app.transport.sends.cancelledCount == 1)
        #expect(app.transport.polls.cancelledCount == 1)
        // The store goes on without its inspector.
        app.store.dispatch(.increment)
        #expect(app.store.state.count == 2)
    }
}
