import RexCore
import RexMiddlewares

// The code of the "Undo and redo" article, as it shows it; UndoArticleTests runs it.

struct Outline: Equatable, Sendable {
    var title = ""
    var items: [String] = []
}

struct EditorState: Equatable, Sendable {
    var outline = Outline()
    var selection: Int?
    var history = UndoHistory<Outline>(limit: 100)
}

enum EditorAction: Sendable {
    case setTitle(String)
    case add(String)
    case select(Int)
    case history(UndoAction)
}

let editorRecording: @Sendable (EditorAction) -> UndoRecording = { action in
    switch action {
    case .setTitle: .joinStep(named: "Typing", key: "title")
    case .add(let item): .newStep(named: "Add \(item)")
    case .select: .untracked
    case .history(let command): .command(command)
    }
}

let editorReducer = Reducer<EditorAction, EditorState>.reduce { action, state in
    switch action {
    case .setTitle(let title): state.outline.title = title
    case .add(let item): state.outline.items.append(item)
    case .select(let index): state.selection = index
    case .history: break
    }
}
.undoable(\.outline, history: \.history, recording: editorRecording)

func makeEditorStore() -> ReduxStoreBase<EditorAction, EditorState> {
    let store = ReduxStoreBase<EditorAction, EditorState>(
        initialState: EditorState(),
        reducer: editorReducer,
        middleware: UndoGrouping.middleware(
            closingAfter: .seconds(1),
            recording: editorRecording,
            closeStep: EditorAction.history(.closeStep)
        )
    )
    store.dispatch(.setTitle("Groceries"))
    store.dispatch(.history(.undo))
    return store
}
