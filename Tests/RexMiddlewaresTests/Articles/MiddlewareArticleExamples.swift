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

@Suite("The RexMiddlewares articles' examples")
struct MiddlewareArticleExamplesTests {
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
