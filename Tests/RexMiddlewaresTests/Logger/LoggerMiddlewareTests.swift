import Foundation
import RexCore
import RexTestSupport
import RexMiddlewares
import Testing

@Suite("LoggerMiddleware")
struct LoggerMiddlewareTests {
    enum Action: Equatable, Sendable {
        case rename(String)
        case add(Int)
        case ping
    }

    struct Profile: Equatable, Sendable {
        var name = "Ann"
        var tags: [String] = []
    }

    struct State: Equatable, Sendable {
        var count = 0
        var profile = Profile()
        var scores: [String: Int] = [:]
    }

    static let reducer = Reducer<Action, State>.reduce { action, state in
        switch action {
        case .rename(let name):
            state.profile.name = name
            state.profile.tags.append(name)
        case .add(let amount):
            state.count += amount
            state.scores["b", default: 0] += amount
            state.scores["a", default: 0] += 1
        case .ping:
            break
        }
    }

    /// Runs `actions` through a store with a logger writing to a string, and returns the text.
    func logged(
        _ actions: [Action],
        actionFormat: LogActionFormat<Action> = .full,
        stateChange: LogStateChange<State>,
        filter: @escaping @Sendable (Action, ActionSource) -> Bool = { _, _ in true }
    ) -> String {
        let text = Recorder<String>()
        let logger = LoggerMiddleware<Action, Action, State>(
            actionFilter: filter,
            actionFormat: actionFormat,
            stateChange: stateChange,
            destination: .custom { text.record($0) }
        )
        let store = ReduxStoreBase(initialState: State(), reducer: Self.reducer, middleware: logger)
        for action in actions {
            store.dispatch(action, from: ActionSource(file: "App/View.swift", function: "tapped()", line: 7))
        }
        logger.flush()
        return text.text
    }

    @Test("A field diff names each changed field, collections in a stable order, and says when nothing changed")
    func fieldDiffStyle() {
        let text = logged([.add(2), .rename("Bo"), .ping], stateChange: .fieldDiff())
        #expect(
            text == """
                action add(2) from App/View.swift:7 tapped()
                  .count: 0 → 2
                  .scores[a]: (none) → 1
                  .scores[b]: (none) → 2
                action rename("Bo") from App/View.swift:7 tapped()
                  .profile.name: Ann → Bo
                  .profile.tags[0]: (none) → Bo
                action ping from App/View.swift:7 tapped()
                  no state mutation

                """)
    }

    @Test("A field diff leaves out the paths it is told to hide")
    func fieldDiffHiding() {
        let text = logged([.add(1)], stateChange: .fieldDiff(hiding: [".scores"]))
        #expect(text == "action add(1) from App/View.swift:7 tapped()\n  .count: 0 → 1\n")
    }

    @Test("A line diff of the dump shows changed lines with their context")
    func lineDiffStyle() {
        let text = logged([.rename("Bo")], stateChange: .lineDiff(contextLines: 1))
        #expect(
            text == """
                action rename("Bo") from App/View.swift:7 tapped()
                    …
                      ▿ profile: RexMiddlewaresTests.LoggerMiddlewareTests.Profile
                  -     - name: "Ann"
                  -     - tags: 0 elements
                  +     - name: "Bo"
                  +     ▿ tags: 1 element
                  +       - "Bo"
                      - scores: 0 key/value pairs

                """)
    }

    @Test("The new-state style writes the whole new state, and nothing when it did not change")
    func newStateStyle() {
        let text = logged([.ping, .rename("Bo")], actionFormat: .name, stateChange: .newState)
        #expect(
            text == """
                action ping from App/View.swift:7 tapped()
                  no state mutation
                action rename from App/View.swift:7 tapped()
                  ▿ RexMiddlewaresTests.LoggerMiddlewareTests.State
                    - count: 0
                    ▿ profile: RexMiddlewaresTests.LoggerMiddlewareTests.Profile
                      - name: "Bo"
                      ▿ tags: 1 element
                        - "Bo"
                    - scores: 0 key/value pairs

                """)
    }

    @Test("A custom style and a custom action format write what they return; a filter skips actions")
    func customStyleAndFilter() {
        let text = logged(
            [.add(3), .ping, .add(4)],
            actionFormat: .custom { "<\($0)>" },
            stateChange: .custom { before, after in before.count == after.count ? nil : "count \(before.count) -> \(after.count)" },
            filter: { action, _ in action != .ping }
        )
        #expect(
            text == """
                action <add(3)> from App/View.swift:7 tapped()
                  count 0 -> 3
                action <add(4)> from App/View.swift:7 tapped()
                  count 3 -> 7

                """)
    }

    @Test("Each entry names its own source, when the one before came from the same place or from another")
    func eachEntryNamesItsSource() {
        let text = Recorder<String>()
        let logger = LoggerMiddleware<Action, Action, State>(actionFormat: .name, stateChange: .custom { _, _ in nil }, destination: .custom { text.record($0) })
        let store = ReduxStoreBase(initialState: State(), reducer: Self.reducer, middleware: logger)
        let tapped = ActionSource(file: "App/View.swift", function: "tapped()", line: 7)
        let sources = [
            tapped, tapped, ActionSource(file: "App/View.swift", function: "tapped()", line: 8), tapped.with(info: "retry"),
            tapped.with(info: "again"), ActionSource.here(), ActionSource(file: "App/View.swift", function: "swiped()", line: 7), tapped,
        ]
        for source in sources {
            store.dispatch(.ping, from: source)
        }
        logger.flush()
        let named = text.text.split(separator: "\n").filter { $0.hasPrefix("action ") }.map { String($0.dropFirst("action ping from ".count)) }
        #expect(named == sources.map(\.description))
        #expect(named[5].hasPrefix("RexMiddlewaresTests/LoggerMiddlewareTests.swift:"))
    }

    @Test("A file destination is created when missing, then appended to")
    func fileDestination() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rex-logger-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        for amount in [1, 2] {
            let logger = LoggerMiddleware<Action, Action, State>(stateChange: .fieldDiff(), destination: .file(path: path))
            let store = ReduxStoreBase(initialState: State(), reducer: Self.reducer, middleware: logger)
            store.dispatch(.add(amount), from: ActionSource(file: "F.swift", function: "f()", line: 1))
            logger.flush()
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.components(separatedBy: "action add(").count == 3)
        #expect(text.hasPrefix("action add(1) from F.swift:1 f()\n  .count: 0 → 1\n"))
        #expect(text.contains("action add(2) from F.swift:1 f()\n  .count: 0 → 2\n"))
    }

    @Test("A file that cannot be written is reported once on standard error, and the store goes on")
    func failingDestination() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            // A file where the log's folder should be: the log cannot be made, even by root.
            _ = FileManager.default.createFile(atPath: "/tmp/rex-logger-blocker", contents: Data())
            let logger = LoggerMiddleware<Action, Action, State>(destination: .file(path: "/tmp/rex-logger-blocker/sub/log.txt"))
            let store = ReduxStoreBase(initialState: State(), reducer: Self.reducer, middleware: logger)
            for amount in 1...3 { store.dispatch(.add(amount)) }
            logger.flush()
            if store.state.count != 6 { exit(1) }
            exit(0)
        }
        let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(errors.components(separatedBy: "cannot write to /tmp/rex-logger-blocker/sub/log.txt").count == 2)
    }

    @Test("logger() puts the logger in front of a middleware, which still runs")
    func loggerSugar() async throws {
        try await withDeadline {
            let (entries, continuation) = AsyncStream.makeStream(of: String.self)
            let echo = AnyMiddleware<Action, Action, State> { action, _, _ in
                guard action == .ping else { return .pure() }
                return IO { output in output.dispatch(.add(1), from: ActionSource(file: "Echo.swift", function: "echo()", line: 2)) }
            }
            let store = ReduxStoreBase(
                initialState: State(),
                reducer: Self.reducer,
                middleware: echo.logger(
                    actionFormat: .name,
                    stateChange: .custom { _, after in "count \(after.count)" },
                    destination: .custom { continuation.yield($0) }
                )
            )
            store.dispatch(.ping, from: ActionSource(file: "V.swift", function: "v()", line: 1))
            #expect(store.state.count == 1)
            var logged: [String] = []
            for await entry in entries {
                logged.append(entry)
                if logged.count == 2 { break }
            }
            #expect(logged == ["action ping from V.swift:1 v()\n  count 0\n", "action add from Echo.swift:2 echo()\n  count 1\n"])
        }
    }
}
