import RexCore
import RexMiddlewares

/// One thing to do.
public struct TodoItem: Codable, Equatable, Identifiable, Sendable {
    /// Stays the same while the item lives, whatever its position.
    public let id: Int
    /// What to do.
    public var title: String
    /// Whether it is done.
    public var done: Bool
}

/// The list feature: its state and actions.
public struct ListState: Codable, Equatable, Sendable {
    /// The items, in the order the user sees them, each found by its id in O(1).
    public var items: IdentifiedArrayOf<TodoItem> = []
    /// The identifier the next item gets.
    public var nextID = 1
}

/// What can happen to the list.
public enum ListAction: Codable, Equatable, Sendable {
    /// Adds an item with this title at the end.
    case add(String)
    /// Something that happens to one item, named by its id: what its row sends.
    case item(ElementIDAction<Int, ItemAction>)
    /// Removes the item at this position (from 1).
    case remove(position: Int)
    /// Removes the items that are done.
    case clearDone
    /// Replaces the whole list, as when it is loaded.
    case replace([TodoItem])

    /// The item action, if this is one: what the item reducer is lifted through.
    public var item: ElementIDAction<Int, ItemAction>? {
        if case .item(let action) = self { return action }
        return nil
    }
}

/// What can happen to one item: what a row of the list sends.
public enum ItemAction: Codable, Equatable, Sendable {
    /// Marks it done, or not done.
    case toggle
    /// Reminds the user of the item after this many seconds, unless it is removed first.
    case remind(seconds: Int)
    /// What the reminder sends when its time has come.
    case reminderDue
}

/// The detail of one item, open beside the list: there while the user looks at the item.
public struct ItemDetail: Codable, Equatable, Sendable {
    /// The item it shows.
    public let itemID: Int
    /// For how many seconds it has been open: counted by an effect that runs only while it is.
    public var secondsOpen = 0
}

/// What happens to the open detail.
public enum DetailAction: Codable, Equatable, Sendable {
    /// Starts counting the seconds it is open.
    case watch
    /// One more second open.
    case tick
}

/// One row of the list as the user sees it, without its position.
public struct TodoRow: Equatable, Sendable {
    /// The item's title.
    public let title: String
    /// Whether it is done.
    public let done: Bool

    /// The row of an item.
    public init(_ item: TodoItem) {
        title = item.title
        done = item.done
    }
}

/// The persistence feature: what the app knows of the file the list is saved in.
public struct PersistenceState: Codable, Equatable, Sendable {
    /// What the user should know about the file: "loaded 3 items", "saved", an error.
    public var status = "not loaded"
    /// The list as the file holds it, as far as the app knows; `nil` before it is loaded.
    public var savedItems: [TodoItem]?
}

/// Loading, and what the persistence middleware reports.
public enum PersistenceAction: Codable, Equatable, Sendable {
    /// Reads the file.
    case load
    /// Saves the list now, whatever autosave says.
    case save
    /// What the persistence middleware reports: loaded, saved, or what went wrong.
    case event(PersistenceEvent<IdentifiedArrayOf<TodoItem>>)
}

/// The whole app.
public struct AppState: Codable, Equatable, Sendable {
    /// The list.
    public var list = ListState()
    /// The file's status.
    public var persistence = PersistenceState()
    /// Whether every change is saved.
    public var autosave = true
    /// The list as it should be on the disk: the list itself while autosave is on, the list
    /// when it was last saved on purpose otherwise. What the persistence middleware saves.
    public var persistedItems: IdentifiedArrayOf<TodoItem> = []
    /// What to tell the user under the list.
    public var message: String?
    /// The item the user looks at, if any: a part that comes and goes.
    public var detail: ItemDetail?
    /// The list's undo history: a step per change of the list.
    public var history = UndoHistory<ListState>(limit: 100)

    /// Whether the list differs from what the file holds.
    public var hasUnsavedChanges: Bool {
        persistence.savedItems.map { $0 != list.items.elements } ?? false
    }
}

/// Everything that can happen in the app.
public enum AppAction: Codable, Equatable, Sendable {
    /// A change to the list.
    case list(ListAction)
    /// Undo, redo: the list's history.
    case history(UndoAction)
    /// Loading and saving.
    case persistence(PersistenceAction)
    /// Switches autosave on or off.
    case autosave(GateAction)
    /// Shows a message under the list; an empty one clears it.
    case say(String)
    /// Opens the detail of the item with this id.
    case open(Int)
    /// Closes the detail.
    case close
    /// Something that happens to the open detail.
    case detail(DetailAction)

    /// The list action this is, if it is one.
    public var list: ListAction? {
        if case .list(let action) = self { return action }
        return nil
    }

    /// The persistence action this is, if it is one.
    public var persistence: PersistenceAction? {
        if case .persistence(let action) = self { return action }
        return nil
    }

    /// The detail action this is, if it is one.
    public var detail: DetailAction? {
        if case .detail(let action) = self { return action }
        return nil
    }

    /// The autosave switch this is, if it is one.
    public var autosave: GateAction? {
        if case .autosave(let action) = self { return action }
        return nil
    }
}
