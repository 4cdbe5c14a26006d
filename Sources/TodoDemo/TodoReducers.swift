import Foundation
import RexCore
import RexMiddlewares

/// Changes one item; lifted to the list by the item's id.
let itemReducer = Reducer<ItemAction, TodoItem>.reduce { action, item in
    switch action {
    case .toggle: item.done.toggle()
    case .remind, .reminderDue: break
    }
}

/// Counts the seconds the detail is open; lifted into the optional `detail`.
let detailReducer = Reducer<DetailAction, ItemDetail>.reduce { action, detail in
    if case .tick = action { detail.secondsOpen += 1 }
}

/// Adds and removes items, and runs item actions on the item they name. Positions are 1-based,
/// as the user sees them; a position outside the list, or an id not in it, changes nothing.
let listReducer = itemReducer.liftToCollection(action: \ListAction.item, stateCollection: \ListState.items)
    <> Reducer<ListAction, ListState>.reduce { action, state in
        switch action {
        case .add(let title):
            // A file may hold any id: the next one is free, even after Int.max.
            let id = state.items.contains(id: state.nextID) ? ListState.id(after: state.nextID, in: state.items) : state.nextID
            state.items.append(TodoItem(id: id, title: title, done: false))
            state.nextID = ListState.id(after: id, in: state.items)
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
            state.nextID = ListState.id(after: items.map(\.id).max() ?? 0, in: state.items)
        }
    }

/// What the status line says of the file, from what the persistence middleware reports.
let persistenceReducer = Reducer<PersistenceAction, PersistenceState>.reduce { action, state in
    switch action {
    case .load: state.status = "loading"
    case .save: break
    case .event(.loaded(let items)):
        let items = items?.elements ?? []
        state.status = "loaded \(items.count) item\(items.count == 1 ? "" : "s")"
        state.savedItems = items
    case .event(.saved(let items, _, _)):
        state.status = "saved \(items.count) item\(items.count == 1 ? "" : "s")"
        state.savedItems = items.elements
    case .event(.saveFailed(let reason, _)):
        state.status = "could not save to todos.json: \(reason)"
    case .event(.unreadable(let reason, let keptAs)):
        let aside = keptAs.map { "kept it aside as \(URL(fileURLWithPath: $0).lastPathComponent)" } ?? "left it as it is"
        state.status = "could not read todos.json (\(reason)); \(aside) and started empty"
        state.savedItems = []
    case .event(.newerVersion):
        state.status = "todos.json was written by a newer version of the demo: kept as it is, and not saved over"
        // None of this list is in the file.
        state.savedItems = []
    }
}

/// What each action does to the list's undo history: a step named as the command the user typed
/// (the list as the file loads it makes none).
@Sendable func undoRecording(_ action: AppAction) -> UndoRecording {
    switch action {
    case .list(.add(let title)): .newStep(named: "add \(title)")
    case .list(.item(let item)) where item.action == .toggle: .newStep(named: "done")
    case .list(.remove): .newStep(named: "rm")
    case .list(.clearDone): .newStep(named: "clear")
    case .history(let command): .command(command)
    default: .untracked
    }
}

let appReducer: Reducer<AppAction, AppState> = (
    listReducer.lift(action: \AppAction.list, state: \AppState.list)
    <> persistenceReducer.lift(action: \AppAction.persistence, state: \AppState.persistence)
    <> detailReducer.liftOptional(action: \AppAction.detail, state: \AppState.detail)
    <> Reducer<AppAction, AppState>.reduce { action, state in
        switch action {
        case .autosave(let gate):
            state.autosave = gate == .turnOn || (gate == .toggle && !state.autosave)
            if state.autosave { state.persistedItems = state.list.items }
        case .history:
            // An undone change is a change: saved, and an item it removes closes its detail.
            if state.autosave { state.persistedItems = state.list.items }
            if let detail = state.detail, !state.list.items.contains(id: detail.itemID) { state.detail = nil }
        case .list(let listAction):
            if state.autosave { state.persistedItems = state.list.items }
            // The detail of an item that is gone closes (and its effect ends with it).
            if let detail = state.detail, !state.list.items.contains(id: detail.itemID) { state.detail = nil }
            if case .item(let itemAction) = listAction, itemAction.action == .reminderDue {
                state.message = state.list.items[id: itemAction.id].map { "Reminder: \($0.title)" }
            }
        case .persistence(.save): state.persistedItems = state.list.items
        case .say(let message): state.message = message
        case .open(let id): state.detail = state.list.items.contains(id: id) ? ItemDetail(itemID: id) : nil
        case .close: state.detail = nil
        case .persistence(.event(.loaded(let items?))):
            listReducer.reduce(.replace(items.elements), &state.list)
            state.persistedItems = state.list.items
        default: break
        }
    })
.undoable(\.list, history: \.history, recording: undoRecording)
