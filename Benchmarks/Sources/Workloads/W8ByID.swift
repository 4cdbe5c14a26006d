import RexCore

/// W8: an `IdentifiedArray` of many items; a row reducer lifted with `liftToCollection`; each
/// action toggles `done` of one item, named by id. The cost per action must not grow with the
/// number of items: the lift finds the item by its id in O(1), and toggles it in place.
/// Ids are visited with a stride, so that the order of the ids is not the order in memory.
public final class ByIDWorkload {
    public struct Item: Identifiable, Sendable {
        public var id: Int
        public var title: String
        public var done: Bool
    }

    public enum ItemAction: Sendable {
        case toggle
    }

    public enum Action: Sendable {
        case item(ElementIDAction<Int, ItemAction>)

        public var item: ElementIDAction<Int, ItemAction>? {
            if case .item(let action) = self { return action }
            return nil
        }
    }

    public struct State: Sendable {
        public var items: IdentifiedArrayOf<Item>
    }

    static let itemReducer = Reducer<ItemAction, Item>.reduce { action, item in
        switch action {
        case .toggle: item.done.toggle()
        }
    }

    let store: ReduxStoreBase<Action, State>
    let itemCount: Int
    var next = 0
    /// What `done` should be for each id, kept beside the store to check its result.
    var expectedDone: [Bool]

    public init(items itemCount: Int) {
        self.itemCount = itemCount
        expectedDone = [Bool](repeating: false, count: itemCount)
        // Ids in a shuffled order, so that an id is not its position.
        let items = (0..<itemCount).map { position in
            Item(id: (position &* 7_919) % itemCount, title: "Item \(position)", done: false)
        }
        let itemReducer = Self.itemReducer
        store = ReduxStoreBase(
            initialState: State(items: IdentifiedArray(uniqueElements: items)),
            reducer: itemReducer.liftToCollection(action: \Action.item, stateCollection: \State.items)
        )
    }

    /// Toggles the items with the next `actions` ids, then checks 16 of them, spread over the
    /// batch (checking each would double the lookups that the workload measures).
    public func run(actions: Int) {
        var id = next
        for _ in 0..<actions {
            store.dispatch(.item(ElementIDAction(id: id, action: .toggle)))
            id = id + 1 == itemCount ? 0 : id + 1
        }
        id = next
        for _ in 0..<actions {
            expectedDone[id].toggle()
            id = id + 1 == itemCount ? 0 : id + 1
        }
        let items = store.state.items
        let checked = min(actions, itemCount)
        for sample in 0..<min(checked, 16) {
            let id = (next + sample * checked / min(checked, 16)) % itemCount
            check(items[id: id]?.done == expectedDone[id], "W8", "item \(id) has the wrong done")
        }
        next = (next + actions) % itemCount
    }
}
