import RexCore
import RexTestSupport
import Testing

@Suite("Projections of an optional part")
struct OptionalProjectionTests {
    static let reducer = counterFeatureReducer.liftOptional(action: \OptionalGlobalAction.detail, state: \OptionalGlobalState.detail)
        <> Reducer<OptionalGlobalAction, OptionalGlobalState>.reduce { action, state in
            if case .open = action { state.detail = CounterFeatureState(value: 10) }
            if case .close = action { state.detail = nil }
        }

    @Test("A projection of an absent part is nil; of a present one, it shows the part and dispatches the part's actions to the store")
    func presentAndAbsent() {
        let store = ReduxStoreBase(initialState: OptionalGlobalState(), reducer: Self.reducer)
        #expect(store.projection(action: OptionalGlobalAction.detail, unwrapping: \OptionalGlobalState.detail) == nil)
        store.dispatch(.open)
        let detail = store.projection(action: OptionalGlobalAction.detail, unwrapping: \OptionalGlobalState.detail)
        #expect(detail?.state == CounterFeatureState(value: 10))
        detail?.dispatch(.add(5))
        #expect(store.state.detail == CounterFeatureState(value: 15))
        #expect(detail?.state == CounterFeatureState(value: 15))
    }

    @Test("While its part is absent, a projection keeps the part's last value and tells its subscribers nothing; a part there again, it shows that one")
    func afterThePartWent() {
        let store = ReduxStoreBase(initialState: OptionalGlobalState(), reducer: Self.reducer)
        store.dispatch(.open)
        guard let detail = store.projection(action: OptionalGlobalAction.detail, unwrapping: \OptionalGlobalState.detail) else {
            Issue.record("no projection of an open detail")
            return
        }
        let seen = Recorder<Int>()
        let token = detail.subscribe { seen.record($0.value) }
        store.dispatch(.detail(.add(1)))
        store.dispatch(.close)
        #expect(detail.state == CounterFeatureState(value: 11))
        #expect(seen.values == [10, 11])
        store.dispatch(.open)
        #expect(detail.state == CounterFeatureState(value: 10))
        #expect(seen.values == [10, 11, 10])
        token.cancel()
    }
}
