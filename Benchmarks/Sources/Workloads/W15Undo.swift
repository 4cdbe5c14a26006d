import RexCore
import RexMiddlewares

/// W15u: undo over a large list. W15's items and toggles, with the list's undo history kept by
/// `Reducer.undoable` (a step per action, at most 1,000, the oldest dropped past them) in place
/// of W15's ring of states: what undo costs an app whose every action is a step.
public final class UndoWorkload {
    typealias Item = ByIDWorkload.Item
    typealias Items = IdentifiedArrayOf<Item>

    struct State: Sendable {
        var items: Items
        var history = UndoHistory<Items>(limit: 1_000)
    }

    enum Action: Sendable {
        case item(ElementIDAction<Int, ByIDWorkload.ItemAction>)
        case history(UndoAction)

        var item: ElementIDAction<Int, ByIDWorkload.ItemAction>? {
            if case .item(let action) = self { return action }
            return nil
        }
    }

    let store: ReduxStoreBase<Action, State>
    var schedule: ToggleSchedule
    let itemCount: Int

    public init(items itemCount: Int) {
        self.itemCount = itemCount
        schedule = ToggleSchedule(itemCount: itemCount)
        let reducer = ByIDWorkload.itemReducer
            .liftToCollection(action: \Action.item, stateCollection: \State.items)
            .undoable(\.items, history: \.history) { action in
                switch action {
                case .item: .newStep(named: "Toggle")
                case .history(let command): .command(command)
                }
            }
        store = ReduxStoreBase(
            initialState: State(items: IdentifiedArray(uniqueElements: ByIDWorkload.items(itemCount, order: .scattered))),
            reducer: reducer
        )
    }

    /// Toggles the items with the next `actions` ids, a step each, and checks some of them;
    /// then undoes the newest step and redoes it, and checks that the list came back.
    public func run(actions: Int) {
        let store = store
        schedule.run(actions: actions, toggle: { store.dispatch(.item(ElementIDAction(id: $0, action: .toggle))) }) {
            let items = store.state.items
            return { items[id: $0]?.done }
        }
        guard actions > 0 else { return }
        let steps = min(actions, 1_000)
        check(store.state.history.undoSteps.count == steps, "W15u", "\(store.state.history.undoSteps.count) steps, not \(steps)")
        let live = store.state.items
        store.dispatch(.history(.undo))
        check(store.state.items != live, "W15u", "undo changed nothing")
        store.dispatch(.history(.redo))
        check(store.state.items == live, "W15u", "redo did not bring the list back")
    }
}
