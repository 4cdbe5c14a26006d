import Foundation
import RexCore
import RexMiddlewares
import RexTesting

// The code of the "Persisting state" article, as it shows it; PersistingStateArticleTests runs it.

struct Note: Codable, Equatable, Sendable {
    var title: String
    var done = false
}

struct NotesState: Equatable, Sendable {
    var notes: [Note] = []
    var saveProblem: String?
}

enum NotesAction: Sendable {
    case add(String)
    case persistence(PersistenceEvent<[Note]>)
}

let notesReducer = Reducer<NotesAction, NotesState>.reduce { action, state in
    switch action {
    case .add(let title): state.notes.append(Note(title: title))
    case .persistence(.saveFailed(let reason, _)): state.saveProblem = reason
    case .persistence(.saved): state.saveProblem = nil
    case .persistence: break
    }
}

func makeNotesStore(folder: URL) -> (ReduxStoreBase<NotesAction, NotesState>, PersistenceMiddleware<NotesAction, NotesState, [Note]>) {
    let persistence = PersistenceMiddleware(
        part: \NotesState.notes,
        storage: .file(folder.appendingPathComponent("notes.json")),
        report: NotesAction.persistence
    )
    let store = ReduxStoreBase(
        initialState: persistence.restoring(NotesState()),
        reducer: notesReducer,
        middleware: persistence
    )
    return (store, persistence)
}

struct NoteVersion1: Decodable, Sendable {
    var text: String
}

let fromVersion1 = PersistenceMigration(from: 1, decoding: [NoteVersion1].self) { old in
    old.map { Note(title: $0.text) }
}

func makeMigratingPersistence(folder: URL) -> PersistenceMiddleware<NotesAction, NotesState, [Note]> {
    PersistenceMiddleware(
        part: \NotesState.notes,
        storage: .file(folder.appendingPathComponent("notes.json")),
        version: 2,
        migrations: [fromVersion1],
        report: NotesAction.persistence
    )
}

func notesAreSavedAfterTheDebounce() async -> String {
    let clock = TestClock()
    let storage = InMemoryStorage()
    let persistence = PersistenceMiddleware(
        part: \NotesState.notes,
        storage: storage,
        clock: clock,
        report: NotesAction.persistence
    )
    let store = ReduxStoreBase(initialState: persistence.restoring(NotesState()), reducer: notesReducer, middleware: persistence)
    store.dispatch(.add("Milk"))
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(500))
    await persistence.flush()
    return String(decoding: storage.data ?? Data(), as: UTF8.self)
}
