import RexCore
import RexTestSupport
import Testing

@Suite("Batched dispatch")
struct ReduxStoreBaseBatchTests {
    @Test("A batch runs every action, and subscribers and projections are told once, of the final state")
    func notifiesOnce() {
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer)
        let states = Recorder<Int>()
        let views = Recorder<String>()
        let token = store.subscribe { states.record($0.count) }
        let view = store.projection(action: { (action: CounterAction) in action }, state: { "\($0.count)" })
        let viewToken = view.subscribe { views.record($0) }
        store.dispatch(contentsOf: [.increment, .increment, .add(5), .decrement])
        #expect(store.state.count == 6)
        #expect(states.values == [0, 6])
        #expect(views.values == ["0", "6"])
        store.dispatch(contentsOf: [CounterAction]())
        #expect(states.values == [0, 6])
        token.cancel()
        viewToken.cancel()
    }

    /// Records each action it sees with the state its IO reads, and sends `decrement` back for `add(100)`.
    struct Tracing: MiddlewareProtocol {
        let trace: Recorder<String>
        func handle(action: CounterAction, from dispatcher: ActionSource, state: @escaping GetState<CounterState>) -> IO<CounterAction> {
            let trace = trace
            return IO { output in
                trace.record("\(action) -> \(state().count)")
                if action == .add(100) { output.dispatch(.decrement) }
            }
        }
    }

    @Test("Each action of a batch has its turn, IO included, in order; an action an IO sends runs after the batch")
    func turnsInOrder() {
        let trace = Recorder<String>()
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer, middleware: Tracing(trace: trace))
        let states = Recorder<Int>()
        let token = store.subscribe { states.record($0.count) }
        store.dispatch(contentsOf: [.add(100), .increment, .increment])
        #expect(trace.values == ["add(100) -> 100", "increment -> 101", "increment -> 102", "decrement -> 101"])
        // Told once after the batch, and once after the action its IO sent.
        #expect(states.values == [0, 102, 101])
        token.cancel()
    }

    @Test("A batch dispatched from a subscriber waits for the turn, then runs whole, with one notification")
    func fromInsideATurn() {
        let store = CounterStore(
            initialState: CounterState(),
            reducer: counterReducer,
            middleware: AnyMiddleware<CounterAction, CounterAction, CounterState> { action, _, _ in
                guard action == .add(0) else { return .pure() }
                return IO { output in output.dispatch(.increment) }
            }
        )
        let states = Recorder<Int>()
        let token = store.subscribe { states.record($0.count) }
        let batchingSubscriber = store.subscribe { state in
            if state.count == 1 { store.dispatch(contentsOf: [.add(10), .add(10)]) }
        }
        store.dispatch(.add(0))
        #expect(store.state.count == 21)
        #expect(states.values == [0, 0, 1, 21])
        token.cancel()
        batchingSubscriber.cancel()
    }

    @Test("With .whenDifferent, a batch is compared as a whole: back where it started, nobody is told")
    func whenDifferentComparesTheBatch() {
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer, emitsValue: .whenDifferent)
        let states = Recorder<Int>()
        let token = store.subscribe { states.record($0.count) }
        store.dispatch(contentsOf: [.increment, .decrement])
        #expect(states.values == [0])
        store.dispatch(contentsOf: [.increment, .add(0)])
        #expect(states.values == [0, 1])
        token.cancel()
    }
}
