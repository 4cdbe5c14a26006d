import Foundation
import RexCore
import RexDevTools
import RexTestSupport
import Testing

@Suite("Recorder")
struct RecorderTests {
    typealias Domain = RecorderDomain

    @Test("Records each turn: the action, its source, the state after it, in order")
    func records() throws {
        let (store, recorder) = Domain.recordedStore()
        store.dispatch(.increment)
        store.dispatch(.add("Milk"))
        let line = UInt(#line) - 1
        let steps = recorder.steps
        #expect(steps.map(\.action) == [.increment, .add("Milk")])
        #expect(steps.map(\.index) == [0, 1])
        #expect(steps[1].state == Domain.State(count: 1, items: ["Milk"]))
        #expect(steps[1].source.line == line)
        #expect(steps[1].source.file.hasSuffix("RecorderTests.swift"))
        #expect(steps[0].time <= steps[1].time)
        let session = try #require(recorder.session(appName: "Test", appVersion: "1"))
        #expect(session.initialState == Domain.State())
    }

    /// Takes a millisecond or more of the turn of every `add`, and lets the others through.
    struct SlowToAdd: MiddlewareProtocol {
        func handle(action: Domain.Action, from dispatcher: ActionSource, state: @escaping GetState<Domain.State>) -> IO<Domain.Action> {
            if case .add = action {
                waitForMonotonicClock(nanoseconds: 1_000_000)
            }
            return .pure()
        }
    }

    @Test("A turn's duration is the time it took, and it ends before the next turn starts")
    func durations() {
        let recorder = RexDevTools.Recorder<Domain.Action, Domain.State>()
        let store = Domain.Store(initialState: Domain.State(), reducer: Domain.reducer, middleware: recorder.middleware <> SlowToAdd())
        store.dispatch(.increment)
        waitForMonotonicClock(nanoseconds: 1_000_000)
        store.dispatch(.add("Milk"))
        store.dispatch(.increment)
        let steps = recorder.steps
        #expect(steps.count == 3)
        // The counter moved on during the slow turn, and a tick lasts some time.
        #expect(steps[1].duration > .zero)
        // Each turn ends before the next starts (within a microsecond: a date holds its time in a
        // `Double` of seconds since 2001), and the time between two turns is not part of either.
        for (turn, next) in zip(steps, steps.dropFirst()) {
            #expect(turn.time.addingTimeInterval(seconds(turn.duration)) <= next.time.addingTimeInterval(1e-6))
        }
        #expect(steps[0].time.addingTimeInterval(seconds(steps[0].duration) + 1e-6) < steps[1].time)
    }

    @Test("The ring stays within its bound over 100,000 turns, and its session starts where it does")
    func bounded() throws {
        let (store, recorder) = Domain.recordedStore(capacity: 100)
        for _ in 0..<100_000 {
            store.dispatch(.increment)
        }
        let steps = recorder.steps
        #expect(steps.count == 100)
        #expect(recorder.recordedCount == 100_000)
        #expect(steps.first?.index == 99_900)
        #expect(steps.last?.state.count == 100_000)
        let session = try #require(recorder.session(appName: "Test", appVersion: "1"))
        #expect(session.initialState.count == 99_900)
        #expect(session.replay(through: Domain.reducer) == nil)
    }

    @Test("A session written as JSON and read back is the same: actions, sources, states, times")
    func roundTrip() throws {
        let (store, recorder) = Domain.recordedStore()
        store.dispatch(.add("Milk"))
        store.dispatch(.rename("Groceries"), info: "from the title field")
        store.dispatch(.increment)
        let session = try #require(recorder.session(appName: "Groceries", appVersion: "2.1"))
        let data = try session.jsonData()
        let read = try RecordedSession<Domain.Action, Domain.State>(jsonData: data)
        #expect(read.formatVersion == 1)
        #expect(read.appName == "Groceries")
        #expect(read.steps.map(\.action) == session.steps.map(\.action))
        #expect(read.steps.map(\.source) == session.steps.map(\.source))
        #expect(read.steps.map(\.source.info) == [nil, "from the title field", nil])
        #expect(read.steps.map(\.state) == session.steps.map(\.state))
        #expect(read.initialState == session.initialState)
        for (original, copy) in zip(session.steps, read.steps) {
            #expect(abs(original.time.timeIntervalSince(copy.time)) < 0.001)
            #expect(abs(Double((original.duration - copy.duration).components.attoseconds)) < 1e12)
        }
    }

    @Test("Times are written in ISO 8601, in UTC, to the millisecond, and read back as written")
    func timesInISO8601() throws {
        // 2026-11-28 13:13:23.25 UTC, a time a Double holds exactly.
        let started = Date(timeIntervalSince1970: 1_795_871_603.25)
        let step = RecordedStep<Domain.Action, Domain.State>(
            index: 0, action: .increment, source: ActionSource(file: "a.swift", function: "f()", line: 1),
            time: started.addingTimeInterval(0.5), duration: .milliseconds(1), state: Domain.State()
        )
        let session = RecordedSession(appName: "A", appVersion: "1", startedAt: started, initialState: Domain.State(), steps: [step])
        let data = try session.jsonData()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["startedAt"] as? String == "2026-11-28T13:13:23.250Z")
        let steps = try #require(object["steps"] as? [[String: Any]])
        #expect(steps.first?["time"] as? String == "2026-11-28T13:13:23.750Z")
        let read = try RecordedSession<Domain.Action, Domain.State>(jsonData: data)
        #expect(read.startedAt == started)
        #expect(read.steps.first?.time == step.time)
    }

    @Test("Every millisecond is written as it is, and a session read and written again is the same text")
    func millisecondsRoundTrip() throws {
        // 2023-01-18 10:04:11 UTC and each millisecond of the second after it: a Double holds
        // most of them just below or above the millisecond, not on it.
        let start = Date(timeIntervalSince1970: 1_674_036_251)
        let steps = (0..<1_000).map { millisecond in
            RecordedStep<Domain.Action, Domain.State>(
                index: millisecond, action: .increment, source: ActionSource(file: "a.swift", function: "f()", line: 1),
                time: Date(timeIntervalSince1970: 1_674_036_251 + Double(millisecond) / 1_000), duration: .zero, state: Domain.State()
            )
        }
        let session = RecordedSession(appName: "A", appVersion: "1", startedAt: start, initialState: Domain.State(), steps: steps)
        let data = try session.jsonData()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let times = try #require(object["steps"] as? [[String: Any]]).map { $0["time"] as? String }
        let expected = (0..<1_000).map { millisecond -> String? in
            let digits = String(millisecond)
            return "2023-01-18T10:04:11." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
        }
        let wrong = zip(times, expected).filter { $0 != $1 }
        #expect(times.count == 1_000 && wrong.isEmpty, "\(wrong.count) times written wrong, such as \(wrong.prefix(3))")
        let again = try RecordedSession<Domain.Action, Domain.State>(jsonData: data).jsonData()
        #expect(again == data)
        // A time just below a whole second is written as that second.
        let late = RecordedSession<Domain.Action, Domain.State>(appName: "A", appVersion: "1", startedAt: Date(timeIntervalSince1970: 1_674_036_251.9996), initialState: Domain.State(), steps: [])
        let lateObject = try #require(try JSONSerialization.jsonObject(with: late.jsonData()) as? [String: Any])
        #expect(lateObject["startedAt"] as? String == "2023-01-18T10:04:12.000Z")
    }

    @Test("A session whose date is not ISO 8601 is not read, and the error quotes the date")
    func badDateRefused() throws {
        let session = RecordedSession<Domain.Action, Domain.State>(appName: "A", appVersion: "1", startedAt: Date(timeIntervalSince1970: 0), initialState: Domain.State(), steps: [])
        let text = String(decoding: try session.jsonData(), as: UTF8.self)
        #expect(text.contains("\"1970-01-01T00:00:00.000Z\""))
        let corrupt = Data(text.replacingOccurrences(of: "1970-01-01T00:00:00.000Z", with: "yesterday").utf8)
        #expect {
            try RecordedSession<Domain.Action, Domain.State>(jsonData: corrupt)
        } throws: { error in
            "\(error)".contains("not an ISO 8601 date: yesterday")
        }
    }

    @Test("A session of a newer format is not read")
    func newerFormat() throws {
        let (store, recorder) = Domain.recordedStore()
        store.dispatch(.increment)
        var session = try #require(recorder.session(appName: "Test", appVersion: "1"))
        session.formatVersion = 2
        #expect(throws: DecodingError.self) {
            _ = try RecordedSession<Domain.Action, Domain.State>(jsonData: try session.jsonData())
        }
    }

    @Test("Replaying an unchanged reducer gives every recorded state; a changed one is caught at its step, with the fields that differ")
    func replay() throws {
        let (store, recorder) = Domain.recordedStore()
        store.dispatch(.add("Milk"))
        store.dispatch(.increment)
        store.dispatch(.rename("Groceries"))
        store.dispatch(.add("Tea"))
        let session = try #require(recorder.session(appName: "Test", appVersion: "1"))
        #expect(session.replay(through: Domain.reducer) == nil)
        let divergence = try #require(session.replay(through: Domain.changedReducer))
        #expect(divergence.stepIndex == 2)
        #expect(divergence.action == .rename("Groceries"))
        #expect(divergence.source.function == "replay()")
        #expect(divergence.differences == [".settings.limit: 10 → 0"])
        #expect(divergence.description.contains("step 2"))
    }
}
