import RexCore

/// W4: an array of many items; each action toggles `done` of one item. The cost per action must
/// not grow with the number of items.
public final class BigStateWorkload {
    public struct Item: Sendable {
        public var id: Int
        public var title: String
        public var done: Bool
    }

    public enum Action: Sendable {
        case toggle(Int)
    }

    public struct State: Sendable {
        public var items: [Item]
    }

    let store: ReduxStoreBase<Action, State>
    let itemCount: Int
    var next = 0
    /// What `done` should be for each item, kept beside the store to check its result.
    var expectedDone: [Bool]

    public init(items itemCount: Int) {
        self.itemCount = itemCount
        expectedDone = [Bool](repeating: false, count: itemCount)
        // The items are built here and handed over: nothing else keeps the array, so the
        // reducer's write does not copy it.
        store = ReduxStoreBase(
            initialState: State(items: Self.makeItems(itemCount)),
            reducer: .reduce { action, state in
                switch action {
                case .toggle(let index): state.items[index].done.toggle()
                }
            }
        )
    }

    static func makeItems(_ count: Int) -> [Item] {
        (0..<count).map { Item(id: $0, title: "Item \($0)", done: false) }
    }

    /// Toggles `actions` items spread over the array, then checks each toggled item.
    public func run(actions: Int) {
        var index = next
        for _ in 0..<actions {
            store.dispatch(.toggle(index))
            index = (index &+ 7919) % itemCount
        }
        index = next
        for _ in 0..<actions {
            expectedDone[index].toggle()
            index = (index &+ 7919) % itemCount
        }
        let items = store.state.items
        index = next
        for _ in 0..<actions {
            check(items[index].done == expectedDone[index], "W4", "item \(index) has the wrong done")
            index = (index &+ 7919) % itemCount
        }
        next = index
    }

    /// The limit: the same array toggled in place in a loop.
    public static func handWritten(items: inout [Item], actions: Int) {
        var index = 0
        let count = items.count
        for _ in 0..<actions {
            items[index].done.toggle()
            index = (index &+ 7919) % count
        }
    }

    /// Items for the hand-written limit.
    public static func items(_ count: Int) -> [Item] {
        makeItems(count)
    }
}
