import Foundation
import RexCore
import RexMiddlewares
import RexTesting
import RexTestSupport
import Testing

@Suite("The README's worked example")
struct SearchAppTests {
    @Test("Typing searches once after the quiet time; analytics stops when gated off; the log file records it all")
    func searchApp() async throws {
        let clock = TestClock()
        let tracked = Recorder<String>()
        let searched = Recorder<String>()
        let world = World(
            search: { query in
                searched.record(query)
                return ["\(query) 1", "\(query) 2"]
            },
            track: { tracked.record($0) },
            clock: clock
        )
        let (logEntries, log) = AsyncStream.makeStream(of: String.self)
        let store = makeAppStore(world: world, log: .custom { log.yield($0) })
        for query in ["r", "re", "rex"] {
            await store.dispatchAndWait(.search(.typed(query)))
        }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(300))
        for await state in store.states where !state.search.results.isEmpty {
            break
        }
        #expect(store.state.search == SearchState(query: "rex", results: ["rex 1", "rex 2"]))
        #expect(searched.values == ["rex"])

        await store.dispatchAndWait(.analytics(.turnOff))
        await store.dispatchAndWait(.search(.typed("off")))
        #expect(tracked.values.contains("search(RexMiddlewaresTests.SearchAction.found([\"rex 1\", \"rex 2\"]))"))
        #expect(tracked.values.last == "analytics(RexMiddlewares.GateAction.turnOff)")

        // The logger writes off the store's turn, in order: one entry per action.
        var entries: [String] = []
        for await entry in logEntries {
            entries.append(entry)
            if entries.count == 6 { break }
        }
        #expect(entries[0].hasPrefix("action search from"))
        #expect(entries[0].hasSuffix("  .search.query:  → r\n"))
        #expect(entries[4].hasPrefix("action analytics from"))
        #expect(entries[4].hasSuffix("  no state mutation\n"))
        #expect(entries[5].hasSuffix("  .search.query: rex → off\n"))
    }
}

@Suite("The README's worked example, with TestStore")
struct SearchAppTestStoreTests {
    static func world(clock: TestClock) -> World {
        World(search: { query in ["\(query)!"] }, track: { _ in }, clock: clock)
    }

    @Test("The app's reducer and middleware go into TestStore as the entry point builds them, and finish waits for the effects inside")
    func appMiddlewareInTestStore() async {
        let clock = TestClock()
        let world = Self.world(clock: clock)
        let log: LogDestination = .custom { _ in }
        let store = TestStore(initialState: AppState(), reducer: appReducer, middleware: makeAppMiddleware(world: world, log: log))
        await store.send(.search(.typed("rex"))) { $0.search.query = "rex" }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(300))
        await store.receive(.search(.found(["rex!"]))) { $0.search.results = ["rex!"] }
        await store.finish()
    }

    @Test("A search still waiting at finish fails, though the test named no effect middleware")
    func lingeringEffectInAppMiddlewareFails() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: AppState(),
            reducer: appReducer,
            middleware: makeAppMiddleware(world: Self.world(clock: clock), log: .custom { _ in })
        )
        await store.send(.search(.typed("rex"))) { $0.search.query = "rex" }
        await clock.waitForSleepers(1)
        await withKnownIssue {
            await store.finish(timeout: .milliseconds(100))
        } matching: { issue in issue.comments.contains { $0.rawValue.contains("1 effect is still running") } }
        clock.advance(by: .milliseconds(300))  // lets the search end, rather than leave it waiting
    }

    @Test("The effects, lifted and injected as the entry point does, can be named as what finish waits for")
    func liftedEffectsNamed() async {
        let clock = TestClock()
        let effects = searchEffects
            .lift(inputAction: \AppAction.search, outputAction: AppAction.search, state: \AppState.search)
            .inject(Self.world(clock: clock))
        let store = TestStore(initialState: AppState(), reducer: appReducer, middleware: effects, effects: [effects])
        await store.send(.search(.typed("rex"))) { $0.search.query = "rex" }
        await clock.waitForSleepers(1)
        await withKnownIssue {
            await store.finish(timeout: .milliseconds(100))
        } matching: { issue in issue.comments.contains { $0.rawValue.contains("1 effect is still running") } }
        clock.advance(by: .milliseconds(300))
    }
}
