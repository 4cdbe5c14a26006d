// Compiled in Swift 5 language mode, as an app moving over from SwiftRex 0.8 compiles first.
// The rows of the migration article that say "the same", written as SwiftRex 0.8 code writes them.
import RexCore
import RexTestSupport
import Testing

@Suite("SwiftRex 0.8 spellings: the store, reducers and middlewares")
struct CoreSpellingTests {
    enum CounterAction: Equatable, Sendable { case increment, decrement }
    enum AppAction: Equatable, Sendable {
        case counter(CounterAction)
        case log(String)
        var counter: CounterAction? {
            if case .counter(let action) = self { return action }
            return nil
        }
    }
    struct AppState: Equatable, Sendable { var count = 0; var log: [String] = [] }

    final class AppStore: ReduxStoreBase<AppAction, AppState>, @unchecked Sendable {}

    static let counterReducer = Reducer<CounterAction, Int>.reduce { action, count in
        switch action {
        case .increment: count += 1
        case .decrement: count -= 1
        }
    }

    static let logReducer = Reducer<AppAction, AppState>.reduce { action, state in
        if case .log(let line) = action { state.log.append(line) }
    }

    /// Logs every counter action, as SwiftRex middlewares are written.
    struct CounterLogger: MiddlewareProtocol {
        func handle(action: CounterAction, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<String> {
            IO { output in output.dispatch("\(action) -> \(state())") }
        }
    }

    /// Generic code over SwiftRex's store protocols.
    func increment<S: StoreType>(_ store: S) where S.ActionType == AppAction {
        store.dispatch(.counter(.increment))
    }

    @Test("Reducers with reduce, identity, <>, lift(action:state:) and lift(actionGetter:stateGetter:stateSetter:)")
    func reducers() {
        let byKeyPath = Self.counterReducer.lift(action: \AppAction.counter, state: \AppState.count)
        let byClosures = Self.counterReducer.lift(
            actionGetter: { (action: AppAction) in action.counter },
            stateGetter: { (state: AppState) in state.count },
            stateSetter: { (state: inout AppState, count: Int) in state.count = count * 10 }
        )
        let reducer = byKeyPath <> Reducer.identity <> Self.logReducer <> byClosures
        var state = AppState()
        reducer.reduce(.counter(.increment), &state)
        #expect(state.count == 20)
        reducer.reduce(.log("x"), &state)
        #expect(state == AppState(count: 20, log: ["x"]))
    }

    @Test("A store, StoreType, ActionHandler, a projection, a middleware's IO, and a subscription token")
    func store() {
        let middleware = CounterLogger().lift(
            inputAction: \AppAction.counter,
            outputAction: AppAction.log,
            state: \AppState.count
        ).eraseToAnyMiddleware()
        let store = AppStore(
            initialState: AppState(),
            reducer: Self.counterReducer.lift(action: \AppAction.counter, state: \AppState.count) <> Self.logReducer,
            middleware: middleware
        )
        let counts = Recorder<Int>()
        let token: SubscriptionToken = store.subscribe { counts.record($0.count) }
        increment(store)
        let view = store.projection(action: { (tap: Bool) in tap ? AppAction.counter(.decrement) : nil }, state: { "\($0.count)" })
        view.dispatch(true)
        view.dispatch(false)
        #expect(store.state == AppState(count: 0, log: ["increment -> 1", "decrement -> 0"]))
        #expect(view.state == "0")
        #expect(counts.values.first == 0)
        #expect(counts.values.last == 0)
        token.cancel()
    }

    @Test("IO { }, IO.pure(), identity, ignore and absurd")
    func helpers() {
        let sent = Recorder<String>()
        (IO<String> { $0.dispatch("a") } <> .pure()).run(sent.output)
        #expect(sent.values == ["a"])
        #expect(identity(4) == 4)
        let dropped: Void = ignore("anything")
        #expect(dropped == ())
        let never: (Never) -> Int = absurd
        _ = never
    }

    @Test("ElementIDAction and ElementIndexAction as SwiftRex builds them")
    func elementActions() {
        let byID = ElementIDAction(id: "a", action: CounterAction.increment)
        let byIndex = ElementIndexAction(index: 2, action: CounterAction.decrement)
        #expect(byID.id == "a" && byID.action == .increment)
        #expect(byIndex.index == 2 && byIndex.action == .decrement)
    }
}

@Suite("The connector pattern's spellings")
struct ConnectorSpellingTests {
    typealias AppAction = CoreSpellingTests.AppAction
    typealias AppState = CoreSpellingTests.AppState

    struct CounterConnector: Connector {
        func connect(state: AppState) -> String { "count \(state.count)" }
        func connect(action: Bool) -> AppAction { action ? .counter(.increment) : .counter(.decrement) }
    }

    @Test("A Connector is tested alone, and store.connect(using:) gives the view's projection")
    func connector() {
        let connector = CounterConnector()
        #expect(connector.connect(state: AppState(count: 2)) == "count 2")
        #expect(connector.connect(action: false) == .counter(.decrement))

        let store = CoreSpellingTests.AppStore(
            initialState: AppState(),
            reducer: CoreSpellingTests.counterReducer.lift(action: \AppAction.counter, state: \AppState.count)
        )
        let view = store.connect(using: connector)
        view.dispatch(true)
        view.dispatch(true)
        #expect(view.state == "count 2")
    }
}
