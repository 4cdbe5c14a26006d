import Foundation
import RexCore
import RexDevTools
import RexMiddlewares
import RexTesting
import Testing

/// Undo and redo composed with what records, travels and saves: each sees them as the actions
/// they are, and none fights the others.
@Suite("Undo with the recorder, time travel and persistence")
struct UndoCompositionTests {
    struct State: Equatable, Sendable {
        var items: [String] = []
        var history = UndoHistory<[String]>(limit: 10)
    }

    enum Action: Equatable, Sendable {
        case add(String)
        case history(UndoAction)
    }

    static let reducer = Reducer<Action, State>.reduce { action, state in
        if case .add(let item) = action { state.items.append(item) }
    }
    .undoable(\.items, history: \.history) { action in
        switch action {
        case .add(let item): .newStep(named: "Add \(item)")
        case .history(let command): .command(command)
        }
    }

    /// A store with a recorder that keeps a state every other turn (the others remade by the
    /// reducer when read), a traveller, and a persistence of `items` on a clock the test advances.
    struct App {
        let clock = TestClock()
        let recorder = RexDevTools.Recorder<Action, State>(reducer: UndoCompositionTests.reducer, snapshotInterval: 2)
        let travel: TimeTravel<Action, State>
        let persistence: PersistenceMiddleware<Action, State, [String]>
        let store: ReduxStoreBase<Action, State>

        init(storage: InMemoryStorage) {
            persistence = PersistenceMiddleware(part: \.items, storage: storage, debounce: .milliseconds(100), clock: clock, report: { _ in nil })
            travel = TimeTravel(recorder: recorder)
            store = ReduxStoreBase(
                initialState: persistence.restoring(State()),
                reducer: travel.reducer(UndoCompositionTests.reducer),
                middleware: travel.middleware(recorder.middleware <> persistence)
            )
        }
    }

    static let actions: [Action] = [.add("Milk"), .add("Tea"), .add("Bread"), .history(.undo), .history(.undo), .history(.redo)]

    @Test("The recorder records undo and redo as actions, and the states it remakes with the reducer are the store's, histories included")
    func recorded() async {
        let app = App(storage: InMemoryStorage())
        var states: [State] = []
        for action in Self.actions {
            await app.store.dispatchAndWait(action)
            states.append(app.store.state)
        }
        let steps = app.recorder.steps
        #expect(steps.map(\.action) == Self.actions)
        #expect(steps.map(\.state) == states)
        #expect(states.last?.items == ["Milk", "Tea"] && states.last?.history.redoName == "Add Bread")
    }

    @Test("Persistence saves the undone part")
    func persisted() async throws {
        let storage = InMemoryStorage()
        let app = App(storage: storage)
        for action in Self.actions.prefix(5) {
            await app.store.dispatchAndWait(action)
        }
        await app.clock.waitForSleepers(1)
        app.clock.advance(by: .milliseconds(100))
        await app.persistence.flush()
        let saved = try JSONSerialization.jsonObject(with: #require(storage.data)) as? [String: Any]
        #expect(saved?["data"] as? [String] == ["Milk"])
    }

    @Test("While travelling, an undo is dropped as any action is; back to live, the state and its history are as they were")
    func travelling() async {
        let app = App(storage: InMemoryStorage())
        for action in Self.actions {
            await app.store.dispatchAndWait(action)
        }
        let live = app.store.state
        app.travel.jump(to: 2, in: app.store)
        #expect(app.store.state.items == ["Milk", "Tea", "Bread"])
        #expect(app.store.state.history.undoName == "Add Bread")  // the history as it was then
        await app.store.dispatchAndWait(.history(.undo))
        #expect(app.travel.droppedWhileTravelling == 1)
        #expect(app.store.state.items == ["Milk", "Tea", "Bread"])
        app.travel.returnToLive(in: app.store)
        #expect(app.store.state == live)
        await app.store.dispatchAndWait(.history(.undo))
        #expect(app.store.state.items == ["Milk"])
    }
}
