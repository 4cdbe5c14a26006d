import Foundation
import RexCore
import RexTestSupport
import RexMiddlewares
import Testing

@Suite("GatedMiddleware")
struct GatedMiddlewareTests {
    enum Action: Equatable, Sendable {
        case ping
        case pong
        case gate(GateAction)
        case setEnabled(Bool)
    }

    struct State: Equatable, Sendable {
        var enabled = true
        var pongs = 0
    }

    static let reducer = Reducer<Action, State>.reduce { action, state in
        switch action {
        case .pong: state.pongs += 1
        case .setEnabled(let enabled): state.enabled = enabled
        case .ping, .gate: break
        }
    }

    /// Answers `ping` with `pong`, and records every action it sees; can keep its output.
    struct Ponger: MiddlewareProtocol {
        let seen = Recorder<Action>()
        let keptOutputs = Recorder<AnyActionHandler<Action>>()

        func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Action> {
            seen.record(action)
            return IO { output in
                keptOutputs.record(output)
                if action == .ping { output.dispatch(.pong) }
            }
        }
    }

    /// A ponger gated by the state's `enabled`, in a store.
    static func gatedByState() -> (Ponger, ReduxStoreBase<Action, State>) {
        let ponger = Ponger()
        return (ponger, ReduxStoreBase(initialState: State(), reducer: reducer, middleware: ponger.gated(whenOn: \.enabled)))
    }

    static func gateControl(_ action: Action) -> GateAction? {
        if case .gate(let control) = action { return control }
        return nil
    }

    @Test("Switched off by an action, the middleware sees nothing but control actions and dispatches nothing")
    func gateByAction() {
        let ponger = Ponger()
        let store = ReduxStoreBase(
            initialState: State(),
            reducer: Self.reducer,
            middleware: ponger.gated(by: Self.gateControl, initially: .on)
        )
        store.dispatch(.ping)
        store.dispatch(.gate(.turnOff))
        store.dispatch(.ping)
        store.dispatch(.gate(.turnOn))
        store.dispatch(.ping)
        #expect(store.state.pongs == 2)
        #expect(ponger.seen.values == [.ping, .pong, .gate(.turnOff), .gate(.turnOn), .ping, .pong])
    }

    @Test("A gate that starts off lets nothing through until turned on")
    func gateStartsOff() {
        let ponger = Ponger()
        let gated = ponger.gated(by: Self.gateControl, initially: .off)
        let store = ReduxStoreBase(initialState: State(), reducer: Self.reducer, middleware: gated)
        store.dispatch(.ping)
        #expect(store.state.pongs == 0)
        #expect(gated.gateState == .off)
        store.dispatch(.gate(.toggle))
        #expect(gated.gateState == .on)
        store.dispatch(.ping)
        #expect(store.state.pongs == 1)
    }

    @Test("What the middleware dispatches after its gate closed is dropped, even once it reopens")
    func lateDispatchIsDropped() {
        let ponger = Ponger()
        let store = ReduxStoreBase(
            initialState: State(),
            reducer: Self.reducer,
            middleware: ponger.gated(by: Self.gateControl)
        )
        store.dispatch(.ping)
        let keptBeforeClosing = ponger.keptOutputs.values[0]
        store.dispatch(.gate(.turnOff))
        keptBeforeClosing.dispatch(.pong)
        store.dispatch(.gate(.turnOn))
        keptBeforeClosing.dispatch(.pong)
        #expect(store.state.pongs == 1)
    }

    @Test("Gated by state, the middleware works only while the state says on")
    func gateByState() {
        let (ponger, store) = Self.gatedByState()
        store.dispatch(.ping)
        store.dispatch(.setEnabled(false))
        store.dispatch(.ping)
        store.dispatch(.setEnabled(true))
        store.dispatch(.ping)
        #expect(store.state.pongs == 2)
        // The gate reads the state before the reducer: `setEnabled(true)` arrives while still off.
        #expect(ponger.seen.values == [.ping, .pong, .setEnabled(false), .ping, .pong])
    }

    @Test("Gated by state, a dispatch that arrives while the state says off is dropped")
    func gateByStateDropsLateDispatch() {
        let (ponger, store) = Self.gatedByState()
        store.dispatch(.ping)
        let kept = ponger.keptOutputs.values[0]
        store.dispatch(.setEnabled(false))
        kept.dispatch(.pong)
        #expect(store.state.pongs == 1)
    }
}
