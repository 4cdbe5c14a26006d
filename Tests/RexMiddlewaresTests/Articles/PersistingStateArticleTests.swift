import Foundation
import RexCore
import RexMiddlewares
import Testing

@Suite("The Persisting state article")
struct PersistingStateArticleTests {
    @Test("Its store saves notes to the file and a new store reads them back; its migration reads version 1")
    func example() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-notes-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let (store, persistence) = makeNotesStore(folder: folder)
            store.dispatch(.add("Milk"))
            await persistence.flush()
        }
        let (again, _) = makeNotesStore(folder: folder)
        #expect(again.state.notes == [Note(title: "Milk")])

        try Data(#"{"version": 1, "data": [{"text": "Tea"}]}"#.utf8).write(to: folder.appendingPathComponent("notes.json"))
        let migrating = makeMigratingPersistence(folder: folder)
        #expect(migrating.restoring(NotesState()).notes == [Note(title: "Tea")])
    }

    @Test("Its test's storage holds the note at the article's version")
    func testingSection() async {
        #expect(await notesAreSavedAfterTheDebounce() == #"{"data":[{"done":false,"title":"Milk"}],"version":1}"#)
    }
}
