import RexCore
import RexMiddlewares

/// One thing to do.
public struct TodoItem: Codable, Equatable, Identifiable, Sendable {
    public let id: Int
    public var title: String
    public var done: Bool
}

/// The list feature: its state and actions.
public struct ListState: Equatable, Sendable {
    public var items: [TodoItem] = []
    public var nextID = 1
}

public enum ListAction: Equatable, Sendable {
    case add(String)
    case toggle(position: Int)
    case remove(position: Int)
    case clearDone
    case replace([TodoItem])
}

/// The persistence feature: loading and saving the list as JSON.
public struct PersistenceState: Equatable, Sendable {
    /// What the user should know about the file: "loaded 3 items", "saved", an error.
    public var status = "not loaded"
}

public enum PersistenceAction: Equatable, Sendable {
    case load
    case loaded([TodoItem])
    case loadFailed(String)
    case save([TodoItem])
    case saved(Int)
    case saveFailed(String)
}

/// The whole app.
public struct AppState: Equatable, Sendable {
    public var list = ListState()
    public var persistence = PersistenceState()
    public var autosave = true
    public var message: String?
}

public enum AppAction: Equatable, Sendable {
    case list(ListAction)
    case persistence(PersistenceAction)
    case autosave(GateAction)
    case say(String)

    public var list: ListAction? {
        if case .list(let action) = self { return action }
        return nil
    }

    public var persistence: PersistenceAction? {
        if case .persistence(let action) = self { return action }
        return nil
    }

    public var autosave: GateAction? {
        if case .autosave(let action) = self { return action }
        return nil
    }
}
