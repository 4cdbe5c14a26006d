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

    public init(rows rowCount: Int) {
        self.rowCount = rowCount
        let byID = ByIDWorkload(items: rowCount)
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
        let before = callbacks.count
        var wrongRows = 0
        var id = next
        for _ in 0..<actions {
            store.dispatch(.item(ElementIDAction(id: id, action: .toggle)))
            if callbacks.lastRow != id { wrongRows += 1 }
            id = id + 1 == rowCount ? 0 : id + 1
        }
        check(callbacks.count - before == actions, "W9", "\(actions) actions made \(callbacks.count - before) callbacks")
        check(wrongRows == 0, "W9", "\(wrongRows) actions called another row than their own")
        next = (next + actions) % rowCount
    }
}
