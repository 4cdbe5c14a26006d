import RexCore
import RexMiddlewares
import Testing

@Suite("The Undo and redo article")
struct UndoArticleTests {
    @Test("Its store undoes the title it was given; its reducer makes the steps the article says")
    func example() async {
        let store = makeEditorStore()
        await store.dispatchAndWait(.history(.redo))
        #expect(store.state.outline.title == "Groceries" && !store.state.history.canRedo)
        var state = EditorState()
        for action: EditorAction in [.setTitle("G"), .setTitle("Gr"), .add("milk"), .select(0), .history(.beginGroup("Paste")), .add("a"), .add("b"), .history(.endGroup)] {
            editorReducer.reduce(action, &state)
        }
        #expect(state.history.undoSteps.map(\.name) == ["Typing", "Add milk", "Paste"])
        #expect(state.history.undoSteps.map(\.part) == [Outline(), Outline(title: "Gr"), Outline(title: "Gr", items: ["milk"])])
    }
}
