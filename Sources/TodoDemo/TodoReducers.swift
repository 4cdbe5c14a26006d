import RexCore

/// Changes one item; lifted to the list by the item's id.
let itemReducer = Reducer<ItemAction, TodoItem>.reduce { action, item in
    switch action {
    case .toggle: item.done.toggle()
    }
}

/// Adds and removes items, and runs item actions on the item they name. Positions are 1-based,
/// as the user sees them; a position outside the list, or an id not in it, changes nothing.
let listReducer = itemReducer.liftToCollection(action: \ListAction.item, stateCollection: \ListState.items)
    <> Reducer<ListAction, ListState>.reduce { action, state in
        switch action {
        case .add(let title):
            state.items.append(TodoItem(id: state.nextID, title: title, done: false))
            state.nextID += 1
        case .remove(let position):
            guard state.items.indices.contains(position - 1) else { return }
            state.items.remove(at: position - 1)
        case .clearDone:
            state.items.removeAll(where: \.done)
        case .item:
            break
        case .replace(let items):
            // A file with an id twice keeps the first: append skips an id that is there.
            state.items = []
            state.items.append(contentsOf: items)
            state.nextID = (items.map(\.id).max() ?? 0) + 1
        }
    }

let persistenceReducer = Reducer<PersistenceAction, PersistenceState>.reduce { action, state in
    switch action {
    case .load: state.status = "loading"
    case .loaded(let items):
        state.status = "loaded \(items.count) item\(items.count == 1 ? "" : "s")"
        state.savedItems = items
    case .loadFailed(let reason): state.status = reason
    case .save: state.status = "saving"
    case .saved(let items):
        state.status = "saved \(items.count) item\(items.count == 1 ? "" : "s")"
        state.savedItems = items
    case .saveFailed(let reason): state.status = reason
    }
}

let appReducer: Reducer<AppAction, AppState> =
    listReducer.lift(action: \AppAction.list, state: \AppState.list)
    <> persistenceReducer.lift(action: \AppAction.persistence, state: \AppState.persistence)
    <> Reducer<AppAction, AppState>.reduce { action, state in
        switch action {
        case .autosave(let gate): state.autosave = gate == .turnOn || (gate == .toggle && !state.autosave)
        case .say(let message): state.message = message
        case .persistence(.loaded(let items)): listReducer.reduce(.replace(items), &state.list)
        default: break
        }
    }
