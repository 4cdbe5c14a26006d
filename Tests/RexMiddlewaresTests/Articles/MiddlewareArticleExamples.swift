// The code of the RexMiddlewares articles, compiled here and exercised below;
// DocumentationCodeTests checks that the articles quote it as it is.
import RexCore
import RexMiddlewares
import RexTestSupport
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
}
