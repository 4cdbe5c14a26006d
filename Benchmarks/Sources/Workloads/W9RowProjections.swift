import RexCore

/// W9: row projections. An `IdentifiedArray` of rows, one de-duplicating row projection per row
/// (its title and done flag mapped to a view state), each subscribed; each action toggles one
/// row, named by id. Exactly one row is called back per action, and the cost per action must not
/// grow with the number of rows: the store compares the rows of the element that changed only.
public final class RowProjectionsWorkload {
    typealias Item = ByIDWorkload.Item
    typealias Action = ByIDWorkload.Action

    struct RowView: Equatable, Sendable {
        let title: String
        let done: Bool
    }

    /// Counts the callbacks, and notes the last row called.
    final class Callbacks: @unchecked Sendable {  // written by callbacks, which run in the turns of `run`, on its thread
        var count = 0
        var lastRow = -1
    }

    let store: ReduxStoreBase<Action, ByIDWorkload.State>
    let rowCount: Int
    let callbacks: Callbacks
    var tokens: [SubscriptionToken] = []
    var next = 0

    public init(rows rowCount: Int, order: ByIDWorkload.IDOrder = .scattered) {
        self.rowCount = rowCount
        let byID = ByIDWorkload(items: rowCount, order: order)
        store = byID.store
        let callbacks = Callbacks()
        self.callbacks = callbacks
        for id in 0..<rowCount {
            let row = store.rowProjection(id: id, in: \ByIDWorkload.State.items, action: Action.item) { (item: Item) in
                RowView(title: item.title, done: item.done)
            }!
            tokens.append(row.subscribe { _ in
                callbacks.count += 1
                callbacks.lastRow = id
            })
        }
    }

    /// Toggles the rows with the next `actions` ids; checks that each action called its row's
    /// subscriber once, and no other.
    public func run(actions: Int) {
        let store = store
        Self.run(actions: actions, from: &next, of: rowCount, calling: callbacks) { id in
            store.dispatch(.item(ElementIDAction(id: id, action: .toggle)))
        }
    }

    /// Calls `toggle` with the next `actions` ids from `next`; checks that each call called the
    /// row of its id once, and no other.
    static func run(actions: Int, from next: inout Int, of rowCount: Int, calling callbacks: Callbacks, toggle: (Int) -> Void) {
        let before = callbacks.count
        var wrongRows = 0
        var id = next
        for _ in 0..<actions {
            toggle(id)
            if callbacks.lastRow != id { wrongRows += 1 }
            id = id + 1 == rowCount ? 0 : id + 1
        }
        check(callbacks.count - before == actions, "W9", "\(actions) actions made \(callbacks.count - before) callbacks")
        check(wrongRows == 0, "W9", "\(wrongRows) actions called another row than their own")
        next = (next + actions) % rowCount
    }

    /// W9 without a store: the same items and toggles, through a dictionary from id to position
    /// beside an array, and a table of rows by id, each with its last view state and its
    /// callback, called when the state of its row changes. What W9's figures stand on.
    public final class HandWritten {
        struct Row {
            var last: RowView
            let callback: () -> Void
        }

        var items: ContiguousArray<Item>
        let positions: [Int: Int]
        var rows: [Int: Row] = [:]
        let callbacks = Callbacks()
        let rowCount: Int
        var next = 0

        public init(rows rowCount: Int, order: ByIDWorkload.IDOrder = .scattered) {
            self.rowCount = rowCount
            let items = ContiguousArray(ByIDWorkload.items(rowCount, order: order))
            self.items = items
            positions = Dictionary(uniqueKeysWithValues: items.indices.map { (items[$0].id, $0) })
            let callbacks = callbacks
            for item in items {
                let id = item.id
                rows[id] = Row(last: RowView(title: item.title, done: item.done)) {
                    callbacks.count += 1
                    callbacks.lastRow = id
                }
            }
        }

        /// Toggles the rows with the next `actions` ids, and checks the calls as W9 does.
        public func run(actions: Int) {
            RowProjectionsWorkload.run(actions: actions, from: &next, of: rowCount, calling: callbacks) { id in
                guard let position = positions[id] else { return }
                items[position].done.toggle()
                let view = RowView(title: items[position].title, done: items[position].done)
                if rows[id]!.last != view {
                    rows[id]!.last = view
                    rows[id]!.callback()
                }
            }
        }
    }
}
