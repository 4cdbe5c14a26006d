import RexCore
import RexTestSupport
import Testing

@Suite("Lifting middlewares into optional parts and dictionaries")
struct MiddlewareLiftOptionalTests {
    /// Sees `add`, answers in its IO with `report` of the state it reads then; records what it saw.
    final class Reporter: MiddlewareProtocol, Sendable {
        let seen = Recorder<CounterFeatureAction>()
        let lifetimes = Recorder<StateLifetime?>()

        func handle(
            action: CounterFeatureAction,
            from dispatcher: ActionSource,
            state: @escaping GetState<CounterFeatureState>
        ) -> IO<CounterFeatureAction> {
            seen.record(action)
            guard case .add = action else { return .pure() }
            return IO { [lifetimes] output in
                lifetimes.record(output.lifetime)
                output.dispatch(.report(state().value))
            }
        }
    }

    /// A middleware of string actions that records the lifetime of the output each IO is given.
    final class LifetimeWatcher<State>: MiddlewareProtocol, Sendable {
        let lifetimes = Recorder<StateLifetime?>()
        func handle(action: String, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<String> {
            IO { [lifetimes] output in lifetimes.record(output.lifetime) }
        }
    }

    /// A store of the optional domain, with `open`/`close` and a reducer lifted as the middleware is.
    static func store<M: MiddlewareProtocol>(_ middleware: M, initialState: OptionalGlobalState = OptionalGlobalState())
        -> ReduxStoreBase<OptionalGlobalAction, OptionalGlobalState>
    where M.InputActionType == OptionalGlobalAction, M.OutputActionType == OptionalGlobalAction, M.StateType == OptionalGlobalState {
        let reducer = Reducer<OptionalGlobalAction, OptionalGlobalState>.reduce { action, state in
            if case .open = action { state.detail = CounterFeatureState(value: 100) }
            if case .close = action { state.detail = nil }
        }
        return ReduxStoreBase(initialState: initialState, reducer: reducer, middleware: middleware)
    }

    @Test("Every label set of liftOptional routes the part's actions to the middleware while the part is there, and skips them while it is nil")
    func everyLabelSet() async {
        let full = Reporter()
        let inputAndState = Reporter()
        let outputAndState = Reporter()
        let stateOnly = Reporter()
        let fullLift = full.liftOptional(inputAction: \OptionalGlobalAction.detail, outputAction: OptionalGlobalAction.detail, state: \OptionalGlobalState.detail)
        let inputLift = inputAndState.liftOptional(inputAction: \OptionalGlobalAction.detail, state: \OptionalGlobalState.detail)
        let outputLift = outputAndState.liftOptional(outputAction: OptionalGlobalAction.detail, state: \OptionalGlobalState.detail)
        let stateLift = stateOnly.liftOptional(state: \OptionalGlobalState.detail)
        let present = OptionalGlobalState(detail: CounterFeatureState(value: 7))
        let absent = OptionalGlobalState()

        #expect(fullLift.dispatched(for: .detail(.add(1)), state: present) == [.detail(.report(7))])
        #expect(fullLift.dispatched(for: .detail(.add(1)), state: absent) == [])
        #expect(fullLift.dispatched(for: .open, state: present) == [])
        #expect(inputLift.dispatched(for: .detail(.add(1)), state: present) == [.report(7)])
        #expect(inputLift.dispatched(for: .detail(.add(1)), state: absent) == [])
        #expect(outputLift.dispatched(for: .add(1), state: present) == [.detail(.report(7))])
        #expect(outputLift.dispatched(for: .add(1), state: absent) == [])
        #expect(stateLift.dispatched(for: .add(1), state: present) == [.report(7)])
        #expect(stateLift.dispatched(for: .add(1), state: absent) == [])
        #expect(full.seen.values == [.add(1)])
        #expect(inputAndState.seen.values == [.add(1)])
        #expect(outputAndState.seen.values == [.add(1)])
        #expect(stateOnly.seen.values == [.add(1)])
    }

    @Test("A middleware lifted into an optional part gets an output with a lifetime, which ends in the turn that removes the part; the part back, a new lifetime")
    func lifetimeEndsWithThePart() async {
        let reporter = Reporter()
        let lifted = reporter.liftOptional(inputAction: \OptionalGlobalAction.detail, outputAction: OptionalGlobalAction.detail, state: \OptionalGlobalState.detail)
        let store = Self.store(lifted, initialState: OptionalGlobalState(detail: CounterFeatureState(value: 1)))
        await store.dispatchAndWait(.detail(.add(1)))
        let lifetime = reporter.lifetimes.values.first ?? nil
        #expect(lifetime?.hasEnded == false)
        let ended = Recorder<Bool>()
        lifetime?.onEnd { ended.record(true) }
        await store.dispatchAndWait(.close)
        #expect(lifetime?.hasEnded == true)
        #expect(ended.values == [true])
        await store.dispatchAndWait(.open)
        await store.dispatchAndWait(.detail(.add(1)))
        let second = reporter.lifetimes.values.last ?? nil
        #expect(second != nil && second !== lifetime)
        #expect(second?.hasEnded == false)
    }

    @Test("For an Identifiable part, the lifetime also ends when a part of another id takes its place, and lasts through a part of the same id")
    func identifiablePart() async {
        struct Item: Identifiable, Equatable, Sendable {
            let id: Int
            var text = ""
        }
        let watcher = LifetimeWatcher<Item>()
        let store = ReduxStoreBase(
            initialState: Item?.none,
            reducer: Reducer<String, Item?>.reduce { action, item in
                if let id = Int(action) { item = Item(id: id, text: action) }
            },
            middleware: watcher.liftOptional(state: { (item: Item?) in item })
        )
        await store.dispatchAndWait("1")
        await store.dispatchAndWait("watch")
        let first = watcher.lifetimes.values.last ?? nil
        await store.dispatchAndWait("1")
        #expect(first?.hasEnded == false)
        await store.dispatchAndWait("2")
        #expect(first?.hasEnded == true)
        // What "2" started was decided for item 1 (its handle saw item 1): it ends with it.
        #expect(watcher.lifetimes.values.last??.hasEnded == true)
        await store.dispatchAndWait("watch")
        let second = watcher.lifetimes.values.last ?? nil
        #expect(second != nil && second !== first && second?.hasEnded == false)
    }

    @Test("A part that is not Identifiable keeps its lifetime through every change of its value, an id-like property included")
    func partThatIsNotIdentifiable() async {
        struct Note: Equatable, Sendable {
            var id: Int
        }
        let watcher = LifetimeWatcher<Note>()
        let store = ReduxStoreBase(
            initialState: Note?.none,
            reducer: Reducer<String, Note?>.reduce { action, note in
                if let id = Int(action) { note = Note(id: id) } else if action == "close" { note = nil }
            },
            middleware: watcher.liftOptional(state: { (note: Note?) in note })
        )
        await store.dispatchAndWait("1")
        await store.dispatchAndWait("watch")
        let first = watcher.lifetimes.values.last ?? nil
        await store.dispatchAndWait("2")
        await store.dispatchAndWait("3")
        #expect(first != nil && first?.hasEnded == false)
        await store.dispatchAndWait("close")
        #expect(first?.hasEnded == true)
    }

    @Test("Once its part is gone, a lifted middleware's state getter returns the part as it was when the action was handled")
    func stateAfterThePartWent() async {
        struct Keeper: MiddlewareProtocol {
            let getters = Recorder<GetState<CounterFeatureState>>()
            func handle(action: CounterFeatureAction, from dispatcher: ActionSource, state: @escaping GetState<CounterFeatureState>) -> IO<Never> {
                getters.record(state)
                return .pure()
            }
        }
        let keeper = Keeper()
        let store = Self.store(
            keeper.liftOptional(inputAction: \OptionalGlobalAction.detail, outputAction: { (never: Never) -> OptionalGlobalAction in }, state: \OptionalGlobalState.detail)
        )
        await store.dispatchAndWait(.open)
        await store.dispatchAndWait(.detail(.add(1)))
        await store.dispatchAndWait(.close)
        #expect(keeper.getters.values.first?().value == 100)
    }

    @Test("Lifted into a dictionary, a middleware sees the value of the key its action names, and its output wraps what it dispatches for that key")
    func dictionary() {
        let reporter = Reporter()
        let lifted = reporter.liftToCollection(
            inputAction: \OptionalGlobalAction.counter,
            outputAction: OptionalGlobalAction.counter,
            state: \OptionalGlobalState.counters
        )
        let bySwiftRexSpelling = reporter.liftToCollection(action: \OptionalGlobalAction.counter, stateCollection: \OptionalGlobalState.counters)
        let state = OptionalGlobalState(counters: ["a": CounterFeatureState(value: 3)])
        let expected: [OptionalGlobalAction] = [.counter(ElementIDAction(id: "a", action: .report(3)))]
        #expect(lifted.dispatched(for: .counter(ElementIDAction(id: "a", action: .add(1))), state: state) == expected)
        #expect(bySwiftRexSpelling.dispatched(for: .counter(ElementIDAction(id: "a", action: .add(1))), state: state) == expected)
        #expect(lifted.dispatched(for: .counter(ElementIDAction(id: "b", action: .add(1))), state: state) == [])
    }

}
