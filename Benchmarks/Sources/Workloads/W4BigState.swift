import RexCore

/// W4: an array of many items; each action toggles `done` of the next item. The cost per action
/// must not grow with the number of items: what is measured is that the store never copies the
/// array. (Toggling scattered items instead adds a cache miss per action, which grows with the
/// array whatever the store does: 50 ns at 100,000 items, 92 ns at 1,000,000, measured with a
/// stride of 7,919.)
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

    /// Toggles the next `actions` items, then checks each toggled item.
    public func run(actions: Int) {
        var index = next
        for _ in 0..<actions {
            store.dispatch(.toggle(index))
            index = index + 1 == itemCount ? 0 : index + 1
        }
        index = next
        for _ in 0..<actions {
            expectedDone[index].toggle()
            index = index + 1 == itemCount ? 0 : index + 1
        }
        let items = store.state.items
        index = next
        for _ in 0..<actions {
            check(items[index].done == expectedDone[index], "W4", "item \(index) has the wrong done")
            index = index + 1 == itemCount ? 0 : index + 1
        }
        next = index
    }

    /// The limit: the same array toggled in place in a loop.
    public static func handWritten(items: inout [Item], actions: Int) {
        var index = 0
        let count = items.count
        for _ in 0..<actions {
            items[index].done.toggle()
            index = index + 1 == count ? 0 : index + 1
        }
    }

    /// Items for the hand-written limit.
    public static func items(_ count: Int) -> [Item] {
        makeItems(count)
    }
}
