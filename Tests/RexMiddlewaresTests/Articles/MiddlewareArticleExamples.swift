// The code of the RexMiddlewares articles, compiled here and exercised below;
// DocumentationCodeTests checks that the articles quote it as it is.
import RexCore
import RexMiddlewares
import RexTestSupport
import RexTesting
import Testing

enum ChatAction: Sendable, Equatable {
    case ping
    case pong
    case typing(String)
    case analytics(GateAction)
}

struct ChatState: Sendable, Equatable {
    var pongs = 0
    var draft = ""
    var analyticsEnabled = true
}

let chatReducer = Reducer<ChatAction, ChatState>.reduce { action, state in
    switch action {
    case .pong: state.pongs += 1
    case .typing(let text): state.draft = text
    case .analytics(let gate): state.analyticsEnabled = gate == .turnOn
    case .ping: break
    }
}

/// Answers every `ping` with a `pong`, after the reducer has seen the ping.
let pingPong = EpicMiddleware<ChatAction, ChatState> { inputs in
    inputs.compactMap { input in input.action == .ping ? ChatAction.pong : nil }
}

/// Sends what it tracks to the outside world; dispatches nothing.
struct ChatAnalytics: MiddlewareProtocol {
    let track: @Sendable (String) -> Void

    func handle(action: ChatAction, from dispatcher: ActionSource, state: @escaping GetState<ChatState>) -> IO<ChatAction> {
        IO { _ in track("\(action)") }
    }
}

func makeChatMiddleware(track: @escaping @Sendable (String) -> Void, log: LogDestination) -> some MiddlewareProtocol<ChatAction, ChatAction, ChatState> {
    let analytics = ChatAnalytics(track: track).gated(whenOn: \.analyticsEnabled)
    return (pingPong <> analytics)
        .logger(actionFormat: .name, stateChange: .fieldDiff(hiding: [".draft"]), destination: log)
}

/// The article's gate switched by actions.
func makeActionGatedAnalytics(track: @escaping @Sendable (String) -> Void) -> GatedMiddleware<ChatAnalytics> {
    let gatedAnalytics = ChatAnalytics(track: track).gated(by: { (action: ChatAction) in
        if case .analytics(let control) = action { return control }
        return nil
    }, initially: .off)
    return gatedAnalytics
}

/// Hands each line of each entry to the app's own log.
func appLogDestination(_ write: @escaping @Sendable (String) -> Void) -> LogDestination {
    .custom { entry in
        for line in entry.split(separator: "\n") {
            write(String(line))
        }
    }
}

let refreshingSearch = EffectMiddleware<SearchAction, SearchAction, SearchState, World>.onAction { action, _, _ in
    guard case .typed(let query) = action else { return .doNothing }
    return Effect.run { context in
        let world = context.dependencies
        while !Task.isCancelled {
            context.send(.found(await world.search(query)))
            // Throws once the effect is cancelled: the loop ends, and with it the effect.
            try? await world.clock.sleep(for: .seconds(10))
        }
    }
    .cancellable("search")
}

@Suite("The RexMiddlewares articles' examples")
struct MiddlewareArticleExamplesTests {
    @Test("turnOn, turnOff and toggle switch the gate; control actions always reach the middleware")
    func gateActions() {
        let tracked = Recorder<String>()
        let gated = makeActionGatedAnalytics(track: { tracked.record($0) })
        let actions: [ChatAction] = [
            .typing("a"), .analytics(.turnOn), .typing("b"), .analytics(.toggle), .typing("c"),
            .analytics(.toggle), .typing("d"), .analytics(.turnOff), .typing("e"),
        ]
        for action in actions {
            gated.handle(action: action, from: .here(), state: { ChatState() }).run(AnyActionHandler { _ in })
        }
        #expect(tracked.values == [
            "analytics(RexMiddlewares.GateAction.turnOn)", "typing(\"b\")", "analytics(RexMiddlewares.GateAction.toggle)",
            "analytics(RexMiddlewares.GateAction.toggle)", "typing(\"d\")", "analytics(RexMiddlewares.GateAction.turnOff)",
        ])
    }

    @Test("The epic answers ping with pong; analytics stops when the state says so; the logger hides the draft")
    func chat() async {
        let tracked = Recorder<String>()
        let (entries, log) = AsyncStream.makeStream(of: String.self)
        let store = ReduxStoreBase(
            initialState: ChatState(),
            reducer: chatReducer,
            middleware: makeChatMiddleware(track: { tracked.record($0) }, log: .custom { log.yield($0) })
        )
        store.dispatch(.typing("hello"))
        store.dispatch(.ping)
        for await state in store.states where state.pongs == 1 { break }
        store.dispatch(.analytics(.turnOff))
        store.dispatch(.ping)
        for await state in store.states where state.pongs == 2 { break }
        // The gate reads the state before the reducer: the action that turns it off is still seen.
        #expect(tracked.values == ["typing(\"hello\")", "ping", "pong", "analytics(RexMiddlewares.GateAction.turnOff)"])
        var logged: [String] = []
        for await entry in entries {
            logged.append(entry)
            if logged.count == 6 { break }
        }
        #expect(logged[0].hasSuffix("  no state mutation\n"))
        #expect(logged[2].hasSuffix("  .pongs: 0 → 1\n"))
    }

    @Test("The custom log destination hands on each line of each entry, in order")
    func customDestination() async {
        let (lines, write) = AsyncStream.makeStream(of: String.self)
        // Not the chat's middleware: its epic is one value, which two stores at once would share.
        let store = ReduxStoreBase(
            initialState: ChatState(),
            reducer: chatReducer,
            middleware: ChatAnalytics(track: { _ in }).logger(actionFormat: .name, destination: appLogDestination { write.yield($0) })
        )
        store.dispatch(.typing("hi"))
        store.dispatch(.pong)
        var logged: [String] = []
        for await line in lines {
            logged.append(line)
            if logged.count == 4 { break }
        }
        #expect(logged[0].hasPrefix("action typing from"))
        #expect(logged[1] == "  .draft:  → hi")
        #expect(logged[2].hasPrefix("action pong from"))
        #expect(logged[3] == "  .pongs: 0 → 1")
    }

    @Test("Effect.run's refreshing search sends a result now and every ten seconds, until a new query replaces it")
    func refreshingSearchRuns() async {
        let clock = TestClock()
        let searched = Recorder<String>()
        let world = World(
            search: { query in
                searched.record(query)
                return [query]
            },
            track: { _ in },
            clock: clock
        )
        let store = ReduxStoreBase(initialState: SearchState(), reducer: searchReducer, middleware: refreshingSearch.inject(world))
        await store.dispatchAndWait(.typed("a"))
        await clock.waitForSleepers(1)
        #expect(searched.values == ["a"])
        clock.advance(by: .seconds(10))
        await clock.waitForSleepers(1)
        #expect(searched.values == ["a", "a"])
        // The new query's effect cancels the one in flight, which stops sleeping at once.
        await store.dispatchAndWait(.typed("b"))
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(10))
        await clock.waitForSleepers(1)
        #expect(searched.values == ["a", "a", "b", "b"])
        for await state in store.states where state.results == ["b"] { break }
    }
}
