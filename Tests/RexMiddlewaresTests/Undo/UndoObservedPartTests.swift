import RexCore
import RexMiddlewares
import Testing

/// A part of the state with an observer (`didSet`) or a setter of its own: undo reads it to find
/// whether an action changed it, and that read must not be a write the app's observer sees.
@Suite("Undo of an observed part")
struct UndoObservedPartTests {
    struct State: Sendable {
        var document = UndoDomain.Document() {
            didSet { documentWrites += 1 }
        }
        var documentWrites = 0
        var selection: Int?
        var history = UndoHistory<UndoDomain.Document>(limit: 10)
    }

    static let reducer = Reducer<UndoDomain.Action, State>.reduce { action, state in
        switch action {
        case .setTitle(let title): state.document.title = title
        case .add(let item), .addDraft(let item): state.document.items.append(item)
        case .select(let index): state.selection = index
        case .history: break
        }
    }
    .undoable(\.document, history: \.history) { action in
        switch action {
        case .select: .newStep(named: "Select")  // tracked, though it leaves the document alone
        default: UndoDomain.recording(action)
        }
    }

    @Test("A tracked action that leaves an observed part alone makes no step and no write its observer sees")
    func observedPartIsOnlyRead() {
        var state = State()
        Self.reducer.reduce(.select(3), &state)
        #expect(state.documentWrites == 0 && state.history.undoSteps.isEmpty)
        Self.reducer.reduce(.add("milk"), &state)
        #expect(state.documentWrites == 1 && state.history.undoSteps.count == 1)
        Self.reducer.reduce(.select(4), &state)
        #expect(state.documentWrites == 1 && state.history.undoSteps.count == 1)
    }
}
