import RexCore
import Testing

@Suite("Lifting reducers")
struct ReducerLiftTests {
    static let counter = Reducer<CounterFeatureAction, CounterFeatureState>.reduce { action, state in
        if case .add(let amount) = action { state.value += amount }
    }

    func run(_ reducer: Reducer<GlobalAction, GlobalState>, _ actions: [GlobalAction]) -> GlobalState {
        var state = GlobalState()
        for action in actions { reducer.reduce(action, &state) }
        return state
    }

    @Test("Lifted by key paths, a reducer changes its part for its actions and ignores the others")
    func liftByKeyPaths() {
        let lifted = Self.counter.lift(action: \GlobalAction.counter, state: \GlobalState.counter)
        let state = run(lifted, [.counter(.add(2)), .other("x"), .counter(.add(3))])
        #expect(state == GlobalState(counter: CounterFeatureState(value: 5), label: "untouched"))
    }

    @Test("Lifted by closures, a reducer reads and writes its part through the getter and setter")
    func liftByClosures() {
        let lifted = Self.counter.lift(
            actionGetter: { (action: GlobalAction) in action.counter },
            stateGetter: { (state: GlobalState) in state.counter },
            stateSetter: { (state: inout GlobalState, part: CounterFeatureState) in state.counter = part }
        )
        let state = run(lifted, [.counter(.add(4)), .other("x")])
        #expect(state.counter.value == 4)
        #expect(state.label == "untouched")
    }

    @Test("A lifted reducer ignores actions its getter maps to nil")
    func nilActionSkipsTheReducer() {
        let lifted = Self.counter.lift(actionGetter: { (_: GlobalAction) -> CounterFeatureAction? in nil })
            .lift(state: \GlobalState.counter)
        #expect(run(lifted, [.counter(.add(1))]) == GlobalState())
    }

    @Test("Lifting only the action, by key path or closure, keeps the state type")
    func liftActionOnly() {
        var state = CounterFeatureState()
        Self.counter.lift(action: \GlobalAction.counter).reduce(.counter(.add(2)), &state)
        Self.counter.lift(actionGetter: { (action: GlobalAction) in action.counter }).reduce(.counter(.add(3)), &state)
        Self.counter.lift(action: \GlobalAction.counter).reduce(.other("x"), &state)
        #expect(state.value == 5)
    }

    @Test("Lifting only the state, by key path or by getter and setter, keeps the action type")
    func liftStateOnly() {
        var state = GlobalState()
        Self.counter.lift(state: \GlobalState.counter).reduce(.add(2), &state)
        Self.counter.lift(
            stateGetter: { (state: GlobalState) in state.counter },
            stateSetter: { (state: inout GlobalState, part: CounterFeatureState) in state.counter = part }
        ).reduce(.add(3), &state)
        #expect(state == GlobalState(counter: CounterFeatureState(value: 5), label: "untouched"))
    }

    @Test("Lifting the identity reducer gives the identity reducer")
    func liftingIdentityStaysIdentity() {
        let lifted = Reducer<CounterFeatureAction, CounterFeatureState>.identity
            .lift(action: \GlobalAction.counter, state: \GlobalState.counter)
        let labelled = Reducer<GlobalAction, GlobalState>.reduce { _, state in state.label = "second" }
        var state = GlobalState()
        (lifted <> labelled).reduce(.counter(.add(1)), &state)
        #expect(state == GlobalState(counter: CounterFeatureState(value: 0), label: "second"))
    }

    @Test("Composed reducers run left to right on the same state")
    func compositionOrder() {
        let double = Reducer<CounterFeatureAction, CounterFeatureState>.reduce { _, state in state.value *= 2 }
        var state = CounterFeatureState(value: 1)
        (Self.counter <> double).reduce(.add(1), &state)
        #expect(state.value == 4)
        state.value = 1
        (double <> Self.counter).reduce(.add(1), &state)
        #expect(state.value == 3)
    }
}

@Suite("Lifting reducers to collections")
struct ReducerLiftToCollectionTests {
    static let todo = Reducer<TodoAction, TodoItem>.reduce { action, item in
        if action == .toggle { item.done.toggle() }
    }

    static func list() -> ListState {
        ListState(items: [TodoItem(id: "a"), TodoItem(id: "b"), TodoItem(id: "c")])
    }

    @Test("By identifier, the action reaches exactly the element with that identifier")
    func byIdentifier() {
        let lifted = Self.todo.liftToCollection(action: \ListAction.byID, stateCollection: \ListState.items)
        var state = Self.list()
        lifted.reduce(.byID(ElementIDAction(id: "b", action: .toggle)), &state)
        #expect(state.items.map(\.done) == [false, true, false])
    }

    @Test("By identifier, an action for a missing element is skipped")
    func missingIdentifierIsSkipped() {
        let lifted = Self.todo.liftToCollection(action: \ListAction.byID, stateCollection: \ListState.items)
        var state = Self.list()
        lifted.reduce(.byID(ElementIDAction(id: "z", action: .toggle)), &state)
        #expect(state == Self.list())
    }

    @Test("By index, the action reaches the element at that index, and an index out of bounds is skipped")
    func byIndex() {
        let lifted = Self.todo.liftToCollection(action: \ListAction.byIndex, stateCollection: \ListState.items)
        var state = Self.list()
        lifted.reduce(.byIndex(ElementIndexAction(index: 2, action: .toggle)), &state)
        lifted.reduce(.byIndex(ElementIndexAction(index: 3, action: .toggle)), &state)
        lifted.reduce(.byIndex(ElementIndexAction(index: -1, action: .toggle)), &state)
        #expect(state.items.map(\.done) == [false, false, true])
    }
}
