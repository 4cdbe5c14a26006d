import RexCore

/// W8: an `IdentifiedArray` of many items; a row reducer lifted with `liftToCollection`; each
/// action toggles `done` of one item, named by id. The cost per action must not grow with the
/// number of items: the lift finds the item by its id in O(1), and toggles it in place.
/// Ids are visited one after the other; where they sit in the list is the workload's `IDOrder`.
public final class ByIDWorkload {
    /// Where the ids that W8 and W9 toggle one after the other sit in the list.
    public enum IDOrder: Sendable {
        /// Each id toggled is the next row of the list, as when a user works down a list: the
        /// next element is next in memory.
        case listOrder
        /// The ids are shuffled over the positions, as events from a server name them: the next
        /// element is anywhere in memory, and each toggle waits for the memory once the list
        /// outgrows the processor's caches.
        case scattered
    }

    public struct Item: Equatable, Identifiable, Sendable {
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
    var schedule: ToggleSchedule

    /// With `bySubscript`, the reducer is the one most apps write first, without a lift:
    /// `state.items[id: id]?.done.toggle()`, through the array's `subscript(id:)`.
    public init(items itemCount: Int, order: IDOrder = .scattered, bySubscript: Bool = false) {
        schedule = ToggleSchedule(itemCount: itemCount)
        let itemReducer = Self.itemReducer
        store = ReduxStoreBase(
            initialState: State(items: IdentifiedArray(uniqueElements: Self.items(itemCount, order: order))),
            reducer: bySubscript
                ? Reducer<Action, State>.reduce { action, state in
                    if case .item(let itemAction) = action, case .toggle = itemAction.action {
                        state.items[id: itemAction.id]?.done.toggle()
                    }
                }
                : itemReducer.liftToCollection(action: \Action.item, stateCollection: \State.items)
        )
    }

    /// The items, their ids in the given order.
    static func items(_ itemCount: Int, order: IDOrder) -> [Item] {
        (0..<itemCount).map { position in
            let id = switch order {
            case .listOrder: position
            case .scattered: (position &* 7_919) % itemCount
            }
            return Item(id: id, title: "Item \(position)", done: false)
        }
    }

    /// Toggles the items with the next `actions` ids, and checks some of them.
    public func run(actions: Int) {
        let store = store
        schedule.run(actions: actions, toggle: { store.dispatch(.item(ElementIDAction(id: $0, action: .toggle))) }) {
            let items = store.state.items
            return { items[id: $0]?.done }
        }
    }

    /// W8 without a store: the same items and toggles, through a dictionary from id to position
    /// beside an array. What W8's figures stand on: the lookups, and the memory they touch, that
    /// no store can do without.
    public final class HandWritten {
        var items: ContiguousArray<Item>
        let positions: [Int: Int]
        var schedule: ToggleSchedule

        public init(items itemCount: Int, order: IDOrder = .scattered) {
            schedule = ToggleSchedule(itemCount: itemCount)
            let items = ContiguousArray(ByIDWorkload.items(itemCount, order: order))
            self.items = items
            positions = Dictionary(uniqueKeysWithValues: items.indices.map { (items[$0].id, $0) })
        }

        /// Toggles the items with the next `actions` ids, and checks some of them.
        public func run(actions: Int) {
            schedule.run(actions: actions, toggle: { id in
                if let position = positions[id] { items[position].done.toggle() }
            }) {
                let items = self.items, positions = self.positions
                return { id in positions[id].map { items[$0].done } }
            }
        }
    }
}

/// The ids W8 toggles, one after the other, and what `done` should be for each: the check of a
/// W8 run, kept beside what it runs on.
struct ToggleSchedule {
    let itemCount: Int
    var next = 0
    var expectedDone: [Bool]

    init(itemCount: Int) {
        self.itemCount = itemCount
        expectedDone = [Bool](repeating: false, count: itemCount)
    }

    /// Calls `toggle` with the next `actions` ids, then checks 16 of them, spread over the batch,
    /// with the reader that `read` makes (checking each would double the lookups measured).
    mutating func run(actions: Int, toggle: (Int) -> Void, read: () -> (Int) -> Bool?) {
        var id = next
        for _ in 0..<actions {
            toggle(id)
            id = id + 1 == itemCount ? 0 : id + 1
        }
        id = next
        for _ in 0..<actions {
            expectedDone[id].toggle()
            id = id + 1 == itemCount ? 0 : id + 1
        }
        let done = read()
        let checked = min(actions, itemCount)
        for sample in 0..<min(checked, 16) {
            let id = (next + sample * checked / min(checked, 16)) % itemCount
            check(done(id) == expectedDone[id], "W8", "item \(id) has the wrong done")
        }
        next = (next + actions) % itemCount
    }
}
