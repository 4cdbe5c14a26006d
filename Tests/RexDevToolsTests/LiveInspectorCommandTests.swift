import Foundation
import RexCore
import RexDevTools
import Testing

@Suite("LiveInspector commands", .timeLimit(.minutes(1)))
struct LiveInspectorCommandTests {
    typealias Domain = RecorderDomain

    typealias Poll = Rendezvous<Int, [LiveInspectorCommand]>.Call

    /// Answers `poll` with `commands`, and returns the inspector's next poll, unanswered: by
    /// then it has carried them out.
    static func deliver(_ commands: [LiveInspectorCommand], answering poll: Poll, in app: LiveInspectorTestApp) async throws -> Poll {
        app.transport.polls.answer(poll, with: commands)
        return try await app.transport.polls.next()
    }

    @Test("The page's jump, return to live and dispatch reach the store, in order")
    func jumpReturnAndDispatch() async throws {
        let app = LiveInspectorTestApp()
        for item in ["a", "b", "c"] {
            app.store.dispatch(.add(item))
        }
        let first = try await app.transport.polls.next()
        let second = try await Self.deliver([LiveInspectorCommand(sequence: 1, kind: .jump(step: 1))], answering: first, in: app)
        #expect(first.request == 0)
        #expect(second.request == 1)
        #expect(app.store.state.items == ["a", "b"])
        #expect(app.travel.isTravelling)

        let third = try await Self.deliver([
            LiveInspectorCommand(sequence: 2, kind: .returnToLive),
            LiveInspectorCommand(sequence: 3, kind: .dispatch(actionJSON: #"{"add":{"_0":"d"}}"#)),
        ], answering: second, in: app)
        #expect(third.request == 3)
        #expect(!app.travel.isTravelling)
        #expect(app.store.state.items == ["a", "b", "c", "d"])
        #expect(app.recorder.steps.last?.source.info == "live inspector, command 3")
        await app.inspector.stop()
    }

    @Test("An action whose JSON does not decode is not dispatched, and is reported back and logged")
    func badActionIsRejected() async throws {
        let app = LiveInspectorTestApp()
        let first = try await app.transport.polls.next()
        let next = try await Self.deliver([LiveInspectorCommand(sequence: 1, kind: .dispatch(actionJSON: #"{"fly":{}}"#))], answering: first, in: app)
        #expect(next.request == 1)
        #expect(app.recorder.recordedCount == 0)
        #expect(app.store.state == Domain.State())

        let batch = try await app.acceptNextBatch()
        #expect(batch.steps.isEmpty)
        #expect(batch.rejectedCommands?.map(\.sequence) == [1])
        #expect(batch.rejectedCommands?.first?.reason.contains("does not decode") == true)
        #expect(app.logged.values.count == 1)
        await app.inspector.stop()
    }

    @Test("A jump to a step the recorder no longer keeps, and a kind the app does not know, are reported back")
    func unknownStepAndKindAreRejected() async throws {
        let app = LiveInspectorTestApp()
        app.store.dispatch(.increment)
        _ = try await app.acceptNextBatch()
        let first = try await app.transport.polls.next()
        _ = try await Self.deliver([
            LiveInspectorCommand(sequence: 1, kind: .jump(step: 7)),
            LiveInspectorCommand(sequence: 2, kind: .unknown("rewind")),
        ], answering: first, in: app)
        #expect(!app.travel.isTravelling)
        #expect(app.store.state.count == 1)

        let batch = try await app.acceptNextBatch()
        #expect(batch.rejectedCommands?.map(\.sequence) == [1, 2])
        await app.inspector.stop()
    }

    @Test("Rejections waiting to be sent back are bounded: the newest are kept")
    func rejectionsAreBounded() async throws {
        let app = LiveInspectorTestApp()
        app.store.dispatch(.increment)
        let (_, held) = try await app.nextBatch()
        let limit = LiveInspector<Domain.Action, Domain.State>.rejectionLimit
        let commands = (1...(limit + 50)).map { LiveInspectorCommand(sequence: $0, kind: .unknown("rewind")) }
        let first = try await app.transport.polls.next()
        _ = try await Self.deliver(commands, answering: first, in: app)
        app.transport.sends.answer(held, with: ())
        let batch = try await app.acceptNextBatch()
        #expect(batch.rejectedCommands?.map(\.sequence) == Array(51...(limit + 50)))
        await app.inspector.stop()
    }

    @Test("A poll answered with no new command is asked again after a pause, not in a loop")
    func emptyAnswerPauses() async throws {
        let app = LiveInspectorTestApp()
        let first = try await app.transport.polls.next()
        app.transport.polls.answer(first, with: [LiveInspectorCommand(sequence: 0, kind: .returnToLive)])
        try await app.waitForSleeper()
        app.clock.advance(by: .milliseconds(100))
        let second = try await app.transport.polls.next()
        #expect(second.request == 0)
        await app.inspector.stop()
    }

    @Test("A failed poll is asked again after a backoff, from the same sequence")
    func failedPollIsRetried() async throws {
        let app = LiveInspectorTestApp()
        let first = try await app.transport.polls.next()
        let poll = try await Self.deliver([LiveInspectorCommand(sequence: 1, kind: .returnToLive)], answering: first, in: app)
        app.transport.polls.fail(poll)
        try await app.waitForSleeper()
        app.clock.advance(by: .milliseconds(100))
        let again = try await app.transport.polls.next()
        #expect(poll.request == 1)
        #expect(again.request == 1)
        await app.inspector.stop()
    }

    @Test("A command decodes from the page's JSON, and an unknown kind decodes as unknown")
    func commandsDecode() throws {
        let json = #"[{"sequence":1,"kind":"jump","step":3},{"sequence":2,"kind":"returnToLive"},"# +
            #"{"sequence":3,"kind":"dispatch","action":"{\"increment\":{}}"},{"sequence":4,"kind":"rewind"}]"#
        let commands = try JSONDecoder().decode([LiveInspectorCommand].self, from: Data(json.utf8))
        #expect(commands == [
            LiveInspectorCommand(sequence: 1, kind: .jump(step: 3)),
            LiveInspectorCommand(sequence: 2, kind: .returnToLive),
            LiveInspectorCommand(sequence: 3, kind: .dispatch(actionJSON: #"{"increment":{}}"#)),
            LiveInspectorCommand(sequence: 4, kind: .unknown("rewind")),
        ])
        let again = try JSONDecoder().decode([LiveInspectorCommand].self, from: JSONEncoder().encode(commands))
        #expect(again == commands)
    }
}
