import RexCore

/// Adds, toggles and removes items. Positions are 1-based, as the user sees them; a position
/// outside the list changes nothing.
let listReducer = Reducer<ListAction, ListState>.reduce { action, state in
    switch action {
    case .add(let title):
        state.items.append(TodoItem(id: state.nextID, title: title, done: false))
        state.nextID += 1
    case .toggle(let position):
        guard state.items.indices.contains(position - 1) else { return }
        state.items[position - 1].done.toggle()
    case .remove(let position):
        guard state.items.indices.contains(position - 1) else { return }
        state.items.remove(at: position - 1)
    case .clearDone:
        state.items.removeAll(where: \.done)
    case .replace(let items):
        state.items = items
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
