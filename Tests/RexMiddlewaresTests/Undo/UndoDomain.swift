import RexCore
import RexMiddlewares

/// A document with a title and items, its undo history beside it: the domain of the undo tests.
enum UndoDomain {
    struct Document: Codable, Equatable, Sendable {
        var title = ""
        var items: [String] = []
    }

    struct State: Equatable, Sendable {
        var document = Document()
        var selection: Int?
        var history = UndoHistory<Document>(limit: 100)
    }

    enum Action: Equatable, Sendable {
        case setTitle(String)
        case add(String)
        /// Kept in the document, but not undoable.
        case addDraft(String)
        case select(Int)
        case history(UndoAction)
    }

    static let document = Reducer<Action, State>.reduce { action, state in
        switch action {
        case .setTitle(let title): state.document.title = title
        case .add(let item), .addDraft(let item): state.document.items.append(item)
        case .select(let index): state.selection = index
        case .history: break
        }
    }

    @Sendable static func recording(_ action: Action) -> UndoRecording {
        switch action {
        case .setTitle: .joinStep(named: "Typing", key: "title")
        case .add(let item): .newStep(named: "Add \(item)")
        case .addDraft, .select: .untracked
        case .history(let command): .command(command)
        }
    }

    static func reducer(limit: Int = 100) -> Reducer<Action, State> {
        document.undoable(\.document, history: \.history, recording: recording)
    }

    /// The state after `actions`, from an empty document with a history of `limit` steps.
    static func state(after actions: [Action], limit: Int = 100) -> State {
        var state = State(history: UndoHistory(limit: limit))
        let reducer = reducer(limit: limit)
        for action in actions {
            reducer.reduce(action, &state)
        }
        return state
    }
}
