import Foundation
import RexCore
import RexDevTools
import RexTestSupport
import Testing

@Suite("TimeTravel")
struct TimeTravelTests {
    typealias Domain = RecorderDomain

    /// A middleware whose effect counts: it runs for each `add`.
    struct Effects: MiddlewareProtocol {
        let handled: RexTestSupport.Recorder<Domain.Action>
        let ran: RexTestSupport.Recorder<String>

        func handle(action: Domain.Action, from dispatcher: ActionSource, state: @escaping GetState<Domain.State>) -> IO<Domain.Action> {
            handled.record(action)
            guard case .add(let item) = action else { return .pure() }
            return IO { [ran] _ in ran.record(item) }
        }
    }

    /// Recorders that keep every state (`nil`), and one that keeps every third and runs the
    /// reducer for the others.
    static let snapshotIntervals: [Int?] = [nil, 3]

    struct App {
        let recorder: RexDevTools.Recorder<Domain.Action, Domain.State>
        let travel: TimeTravel<Domain.Action, Domain.State>
        let effects = Effects(handled: RexTestSupport.Recorder(), ran: RexTestSupport.Recorder())
        let store: ReduxStoreBase<Domain.Action, Domain.State>
        let seen = RexTestSupport.Recorder<Domain.State>()
        let token: SubscriptionToken

        init(snapshotInterval: Int?) {
            recorder = snapshotInterval.map { RexDevTools.Recorder(reducer: Domain.reducer, snapshotInterval: $0) } ?? RexDevTools.Recorder()
            travel = TimeTravel(recorder: recorder)
            store = ReduxStoreBase(
                initialState: Domain.State(),
                reducer: travel.reducer(Domain.reducer),
                middleware: travel.middleware(recorder.middleware <> effects)
            )
            token = store.subscribe { [seen] in seen.record($0) }
            for action in [Domain.Action.add("Milk"), .increment, .add("Tea"), .rename("Groceries")] {
                store.dispatch(action)
            }
        }
    }

    @Test("Jumping shows a recorded state to the store's subscribers, and runs no middleware and no effect again", arguments: snapshotIntervals)
    func jump(snapshotInterval: Int?) {
        let app = App(snapshotInterval: snapshotInterval)
        let steps = app.recorder.steps
        let handledBefore = app.effects.handled.values.count
        app.travel.jump(to: 1, in: app.store)
        #expect(app.store.state == steps[1].state)
        #expect(app.seen.values.last == steps[1].state)
        #expect(app.travel.position == 1)
        app.travel.jump(to: 0, in: app.store)
        #expect(app.store.state == Domain.State(count: 0, items: ["Milk"]))
        #expect(app.effects.handled.values.count == handledBefore)
        #expect(app.effects.ran.values == ["Milk", "Tea"])
        #expect(app.recorder.steps.count == steps.count)
    }

    @Test("Step back and forward move one step; forward from the last step returns to live", arguments: snapshotIntervals)
    func steps(snapshotInterval: Int?) {
        let app = App(snapshotInterval: snapshotInterval)
        let steps = app.recorder.steps
        app.travel.stepBack(in: app.store)
        #expect(app.travel.position == 2)
        #expect(app.store.state == steps[2].state)
        app.travel.stepBack(in: app.store)
        app.travel.stepForward(in: app.store)
        #expect(app.store.state == steps[2].state)
        app.travel.stepForward(in: app.store)
        app.travel.stepForward(in: app.store)
        #expect(!app.travel.isTravelling)
        #expect(app.store.state == steps[3].state)
    }

    @Test("Actions dispatched while travelling are dropped; back to live, the live state returns and middlewares run again", arguments: snapshotIntervals)
    func returnToLive(snapshotInterval: Int?) {
        let app = App(snapshotInterval: snapshotInterval)
        let live = app.store.state
        app.travel.jump(to: 0, in: app.store)
        app.store.dispatch(.add("Bread"))
        app.store.dispatch(.increment)
        #expect(app.store.state == app.recorder.steps[0].state)
        #expect(app.travel.droppedWhileTravelling == 2)
        #expect(!app.effects.ran.values.contains("Bread"))
        app.travel.returnToLive(in: app.store)
        #expect(!app.travel.isTravelling)
        #expect(app.store.state == live)
        #expect(app.seen.values.last == live)
        app.store.dispatch(.add("Bread"))
        #expect(app.store.state.items == ["Milk", "Tea", "Bread"])
        #expect(app.effects.ran.values.last == "Bread")
        #expect(app.recorder.steps.last?.action == .add("Bread"))
        #expect(app.recorder.steps.count == 5)
        #expect(app.recorder.steps.last?.state == app.store.state)
    }
}

/// A middleware that keeps the state getter of its first turn, to read it later, as a
/// middleware with pending work (a debounced save, a timer) does.
private struct GetterKeeper: MiddlewareProtocol {
    final class Box: @unchecked Sendable {  // `getState` is written once, by the first turn, before any read
        var getState: GetState<RecorderDomain.State>?
    }
    let box = Box()

    func handle(action: RecorderDomain.Action, from dispatcher: ActionSource, state: @escaping GetState<RecorderDomain.State>) -> IO<RecorderDomain.Action> {
        if box.getState == nil { box.getState = state }
        return .pure()
    }
}

extension TimeTravelTests {
    @Test("A held middleware that reads the state later reads the live state while travelling, and the store's again once live")
    func heldMiddlewareReadsTheLiveState() throws {
        let recorder = RexDevTools.Recorder<Domain.Action, Domain.State>()
        let travel = TimeTravel(recorder: recorder)
        let keeper = GetterKeeper()
        let store = ReduxStoreBase(initialState: Domain.State(), reducer: travel.reducer(Domain.reducer), middleware: travel.middleware(recorder.middleware <> keeper))
        store.dispatch(.add("Milk"))
        store.dispatch(.add("Tea"))
        let getState = try #require(keeper.box.getState)
        travel.jump(to: 0, in: store)
        #expect(store.state.items == ["Milk"])
        #expect(getState().items == ["Milk", "Tea"])
        travel.returnToLive(in: store)
        store.dispatch(.add("Bread"))
        #expect(getState().items == ["Milk", "Tea", "Bread"])
    }
}
