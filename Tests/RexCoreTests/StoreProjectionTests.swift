import RexCore
import RexTestSupport
import Testing

@Suite("Projections")
struct StoreProjectionTests {
    struct AppState: Equatable, Sendable {
        var counter = 0
        var title = "Rex"
    }

    enum AppAction: Equatable, Sendable {
        case increment
        case rename(String)
    }

    enum ViewAction: Sendable {
        case tappedPlus
        case tappedNothing
    }

    static let appReducer = Reducer<AppAction, AppState>.reduce { action, state in
        switch action {
        case .increment: state.counter += 1
        case .rename(let title): state.title = title
        }
    }

    func makeStore() -> ReduxStoreBase<AppAction, AppState> {
        ReduxStoreBase(initialState: AppState(), reducer: Self.appReducer)
    }

    @Test("A projection maps view actions to store actions and drops those mapped to nil")
    func projectionMapsActions() {
        let store = makeStore()
        let view = store.projection(
            action: { (action: ViewAction) -> AppAction? in action == .tappedPlus ? .increment : nil },
            state: { (state: AppState) in "\(state.counter)" }
        )
        view.dispatch(.tappedPlus)
        view.dispatch(.tappedNothing)
        view.dispatch(.tappedPlus)
        #expect(store.state.counter == 2)
        #expect(view.state == "2")
    }

    @Test("An Equatable view state is notified only when it changes")
    func projectionDeduplicates() {
        let store = makeStore()
        let view = store.projection(action: { (action: AppAction) in action }, state: { (state: AppState) in state.counter })
        let seen = Recorder<Int>()
        let token = view.subscribe { seen.record($0) }
        store.dispatch(.rename("A"))
        store.dispatch(.increment)
        store.dispatch(.rename("B"))
        store.dispatch(.increment)
        #expect(seen.values == [0, 1, 2])
        token.cancel()
    }

    @Test("A view state that is not Equatable is notified for every store notification")
    func projectionWithoutEquatableNotifiesAll() {
        struct Opaque: Sendable { let counter: Int }
        let store = makeStore()
        let view = store.projection(action: { (action: AppAction) in action }, state: { Opaque(counter: $0.counter) })
        let seen = Recorder<Int>()
        let token = view.subscribe { seen.record($0.counter) }
        store.dispatch(.rename("A"))
        store.dispatch(.increment)
        #expect(seen.values == [0, 0, 1])
        token.cancel()
    }

    @Test("A projection of a projection maps both ways through both and de-duplicates")
    func projectionOfProjection() {
        let store = makeStore()
        let middle = store.projection(action: { (action: AppAction) in action }, state: { (state: AppState) in state })
        let leaf = middle.projection(
            action: { (action: ViewAction) -> AppAction? in action == .tappedPlus ? .increment : nil },
            state: { (state: AppState) in state.counter.isMultiple(of: 2) ? "even" : "odd" }
        )
        let seen = Recorder<String>()
        let token = leaf.subscribe { seen.record($0) }
        leaf.dispatch(.tappedPlus)
        store.dispatch(.rename("Z"))
        leaf.dispatch(.tappedPlus)
        leaf.dispatch(.tappedNothing)
        #expect(seen.values == ["even", "odd", "even"])
        #expect(store.state.counter == 2)
        token.cancel()
    }

    @Test("A projection keeps the dispatcher's source")
    func projectionKeepsSource() {
        let sources = Recorder<ActionSource>()
        let middleware = AnyMiddleware<AppAction, AppAction, AppState> { _, source, _ in
            sources.record(source)
            return .pure()
        }
        let store = ReduxStoreBase(initialState: AppState(), reducer: Self.appReducer, middleware: middleware)
        let view = store.projection(action: { (_: ViewAction) in AppAction.increment }, state: { $0.counter })
        view.dispatch(.tappedPlus, info: "view"); let line = UInt(#line)
        #expect(sources.values.map(\.line) == [line])
        #expect(sources.values.map(\.info) == ["view"])
    }

    @Test("An erased store forwards dispatch, state and subscriptions")
    func erasedStore() {
        let store = makeStore()
        let erased: AnyStoreType<AppAction, AppState> = store.eraseToAnyStoreType()
        let seen = Recorder<Int>()
        let token = erased.subscribe { seen.record($0.counter) }
        erased.dispatch(.increment)
        #expect(erased.state.counter == 1)
        #expect(seen.values == [0, 1])
        token.cancel()
    }

    @Test("Subscribers are called in the order they subscribed, whatever they select, and a cancelled one no more")
    func deliveryOrderAcrossValueTypes() {
        let store = makeStore()
        let seen = Recorder<String>()
        let counterA = store.projection(action: { (_: ViewAction) in nil }, state: { $0.counter })
            .subscribe { seen.record("A \($0)") }
        let whole = store.subscribe { seen.record("B \($0.counter) \($0.title)") }
        let title = store.projection(action: { (_: ViewAction) in nil }, state: { $0.title })
            .subscribe { seen.record("C \($0)") }
        let counterD = store.projection(action: { (_: ViewAction) in nil }, state: { $0.counter * 10 })
            .subscribe { seen.record("D \($0)") }
        #expect(seen.values == ["A 0", "B 0 Rex", "C Rex", "D 0"])

        store.dispatch(.increment)
        #expect(seen.values.suffix(3) == ["A 1", "B 1 Rex", "D 10"])

        counterA.cancel()
        store.dispatch(.rename("Redux"))
        store.dispatch(.increment)
        #expect(seen.values.suffix(4) == ["B 1 Redux", "C Redux", "B 2 Redux", "D 20"])
        withExtendedLifetime((whole, title, counterD)) {}
    }

    @Test("Ending a subscription, or releasing the store, lets go of what its mapping captured")
    func mappingsAreReleased() {
        final class Captured: Sendable {
            let offset = 1
        }
        weak var kept: Captured?
        weak var cancelled: Captured?
        var store: ReduxStoreBase<AppAction, AppState>? = makeStore()
        var subscriptions: [SubscriptionToken] = []
        do {
            let keptValue = Captured()
            let cancelledValue = Captured()
            kept = keptValue
            cancelled = cancelledValue
            for captured in [cancelledValue, keptValue] {
                let projection = store?.projection(
                    action: { (_: ViewAction) in nil },
                    state: { $0.counter + captured.offset }
                )
                if let subscription = projection?.subscribe({ _ in }) {
                    subscriptions.append(subscription)
                }
            }
        }
        store?.dispatch(.increment)
        #expect(kept != nil && cancelled != nil)

        subscriptions[0].cancel()
        #expect(cancelled == nil)
        #expect(kept != nil)

        store = nil
        #expect(kept == nil)
        withExtendedLifetime(subscriptions) {}
    }

    @Test("Subscribing and cancelling while another thread dispatches: rising values, and the final state last")
    func subscribeWhileDispatching() async {
        let store = makeStore()
        let actions = 5_000
        let misordered = Recorder<String>()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for _ in 0..<actions {
                    store.dispatch(.increment)
                }
            }
            group.addTask {
                for _ in 0..<300 {
                    let seen = Recorder<Int>()
                    let subscription = store.projection(action: { (_: ViewAction) in nil }, state: { $0.counter })
                        .subscribe { seen.record($0) }
                    subscription.cancel()
                    let values = seen.values
                    if values.isEmpty || zip(values, values.dropFirst()).contains(where: { $0 >= $1 }) {
                        misordered.record("\(values)")
                    }
                }
            }
        }
        #expect(misordered.values.isEmpty)
        let last = Recorder<Int>()
        let subscription = store.projection(action: { (_: ViewAction) in nil }, state: { $0.counter })
            .subscribe { last.record($0) }
        #expect(last.values == [actions])
        subscription.cancel()
    }
}
