import RexCore
import RexTestSupport
import Testing

@Suite("One action's turn")
struct ReduxStoreBaseTurnTests {
    /// A middleware that writes what it sees to a trace, in `handle` and in its IO.
    struct TracingMiddleware: MiddlewareProtocol {
        let name: String
        let trace: Recorder<String>

        func handle(action: CounterAction, from dispatcher: ActionSource, state: @escaping GetState<CounterState>)
            -> IO<CounterAction>
        {
            trace.record("handle \(name) sees \(state().count)")
            return IO { _ in trace.record("io \(name) sees \(state().count)") }
        }
    }

    @Test("A turn runs handle, reducers, notification and IO in that order, each in composition order")
    func turnOrder() {
        let trace = Recorder<String>()
        let first = Reducer<CounterAction, CounterState>.reduce { _, state in
            trace.record("reduce first")
            state.count += 1
        }
        let second = Reducer<CounterAction, CounterState>.reduce { _, state in
            trace.record("reduce second sees \(state.count)")
            state.count *= 10
        }
        let store = CounterStore(
            initialState: CounterState(),
            reducer: first <> second,
            middleware: TracingMiddleware(name: "a", trace: trace) <> TracingMiddleware(name: "b", trace: trace)
        )
        let token = store.subscribe { state in trace.record("notify \(state.count)") }
        store.dispatch(.increment)
        token.cancel()
        #expect(
            trace.values == [
                "notify 0",
                "handle a sees 0", "handle b sees 0",
                "reduce first", "reduce second sees 1",
                "notify 10",
                "io a sees 10", "io b sees 10",
            ])
    }

    @Test("Actions dispatched from an IO wait until the current turn is over")
    func reentrantDispatchIsQueued() {
        let trace = Recorder<String>()
        let middleware = AnyMiddleware<CounterAction, CounterAction, CounterState> { action, _, _ in
            IO { output in
                trace.record("io start \(action)")
                if action == .increment {
                    output.dispatch(.add(5))
                    output.dispatch(.add(7))
                }
                trace.record("io end \(action)")
            }
        }
        let reducer = Reducer<CounterAction, CounterState>.reduce { action, state in
            trace.record("reduce \(action)")
            counterReducer.reduce(action, &state)
        }
        let store = CounterStore(initialState: CounterState(), reducer: reducer, middleware: middleware)
        store.dispatch(.increment)
        #expect(
            trace.values == [
                "reduce increment", "io start increment", "io end increment",
                "reduce add(5)", "io start add(5)", "io end add(5)",
                "reduce add(7)", "io start add(7)", "io end add(7)",
            ])
        #expect(store.state.count == 13)
    }

    @Test("The dispatcher's source reaches the middleware")
    func sourceReachesMiddleware() {
        let sources = Recorder<ActionSource>()
        let middleware = AnyMiddleware<CounterAction, CounterAction, CounterState> { _, source, _ in
            sources.record(source)
            return .pure()
        }
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer, middleware: middleware)
        store.dispatch(.increment, info: "button"); let line = UInt(#line)
        #expect(sources.values == [ActionSource(file: #fileID, function: #function, line: line, info: "button")])
    }

    @Test("A store without middleware reduces every action")
    func storeWithoutMiddleware() {
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer)
        store.dispatch(.increment)
        store.dispatch(.add(41))
        #expect(store.state.count == 42)
    }
}
