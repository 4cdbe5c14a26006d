import RexCore
import RexMiddlewares
import Testing

/// What a logger, `dump` and the inspector show of an undo history: what undo and redo would
/// do, not the part each step keeps.
@Suite("UndoHistory: what it shows")
struct UndoHistoryReflectionTests {
    typealias Domain = UndoDomain

    @Test("A new step shows as its name and the count of steps, whatever the part it keeps")
    func newStepShowsItsNameNotThePart() {
        let before = Domain.state(after: (0..<50).map { .add("item \($0)") })
        let after = Domain.state(after: (0..<51).map { .add("item \($0)") })
        let lines = diffFields(before.history, after.history, hiding: [])
        #expect(lines == [".undoName: Add item 49 → Add item 50", ".undoCount: 50 → 51"])
        var dumped = ""
        dump(after.history, to: &dumped)
        #expect(!dumped.contains("item 3"), "dump showed the kept parts")
    }
}
