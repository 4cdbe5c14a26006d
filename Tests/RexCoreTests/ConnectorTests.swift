import RexCore
import RexTestSupport
import Testing

/// A counter view's connector, as the seed's connector article writes one.
struct CounterConnector: Connector {
    enum ViewAction: Equatable, Sendable {
        case tappedPlus
        case tappedMinus
    }

    func connect(state: CounterState) -> String {
        state.count == 0 ? "Nothing yet" : "Count: \(state.count)"
    }

    func connect(action: ViewAction) -> CounterAction {
        switch action {
        case .tappedPlus: .increment
        case .tappedMinus: .decrement
        }
    }
}

@Suite("Connectors")
struct ConnectorTests {
    @Test("A connector is a value tested alone: its state and its actions, without a store")
    func connectorAlone() {
        let connector = CounterConnector()
        #expect(connector.connect(state: CounterState(count: 0)) == "Nothing yet")
        #expect(connector.connect(state: CounterState(count: 3)) == "Count: 3")
        #expect(connector.connect(action: .tappedMinus) == .decrement)
    }

    @Test("connect(using:) gives a projection that maps the view's actions and the store's state")
    func connectedProjection() {
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer)
        let view = store.connect(using: CounterConnector())
        #expect(view.state == "Nothing yet")
        view.dispatch(.tappedPlus)
        view.dispatch(.tappedPlus)
        view.dispatch(.tappedMinus)
        #expect(store.state.count == 1)
        #expect(view.state == "Count: 1")
    }

    @Test("A connected projection of an Equatable view state notifies only when it changes")
    func connectedProjectionRemovesDuplicates() {
        let store = CounterStore(initialState: CounterState(count: 5), reducer: counterReducer)
        let seen = Recorder<String>()
        let token = store.connect(using: CounterConnector()).subscribe { seen.record($0) }
        store.dispatch(.add(0))
        store.dispatch(.increment)
        store.dispatch(.add(0))
        #expect(seen.values == ["Count: 5", "Count: 6"])
        token.cancel()
    }
}
