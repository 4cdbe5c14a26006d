import Foundation
import RexCore

/// The row projections of the list, one per item, made when an item is first shown and kept
/// while it is in the list: what a list view holds, one row view per item.
final class TodoRows: @unchecked Sendable {  // `rows` is guarded by `lock`
    private let store: ReduxStoreBase<AppAction, AppState>
    private let lock = Lock()
    private var rows: [Int: StoreProjection<ItemAction, TodoRow>] = [:]

    init(store: ReduxStoreBase<AppAction, AppState>) {
        self.store = store
    }

    /// The row of the item with this id; `nil` when no item has it.
    func row(_ id: Int) -> StoreProjection<ItemAction, TodoRow>? {
        lock.withLock {
            if let row = rows[id] { return row }
            // Rows of items that are gone are dropped when a new one is made.
            let present = Set(store.state.list.items.ids)
            rows = rows.filter { present.contains($0.key) }
            let row = store.rowProjection(
                id: id,
                in: \AppState.list.items,
                action: { (itemAction: ElementIDAction<Int, ItemAction>) in AppAction.list(.item(itemAction)) },
                state: TodoRow.init
            )
            rows[id] = row
            return row
        }
    }
}
