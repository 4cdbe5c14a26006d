import Foundation
import RexCore
import RexDevTools
import RexMiddlewares
import RexTesting
import Testing
@testable import TodoDemo

@Suite("The demo's features, with TestStore")
struct TodoDemoFeatureTests {
    @Test("A row's toggle reaches its item by id; with autosave on, the list to persist follows the list")
    func toggle() async {
        let store = TestStore(initialState: AppState(), reducer: appReducer)
        let milk = TodoItem(id: 1, title: "Buy milk", done: false)
        await store.send(.list(.add("Buy milk"))) {
            $0.history.record(.newStep(named: "add Buy milk"), changedFrom: $0.list)
            $0.list.items = [milk]
            $0.list.nextID = 2
            $0.persistedItems = [milk]
        }
        await store.send(.autosave(.turnOff)) { $0.autosave = false }
        await store.send(.list(.item(ElementIDAction(id: 1, action: .toggle)))) {
            $0.history.record(.newStep(named: "done"), changedFrom: $0.list)
            $0.list.items[0].done = true
        }
        await store.send(.persistence(.save)) { $0.persistedItems[0].done = true }
        await store.finish()
    }

    @Test("Undo and redo restore the list, and with autosave on the list to persist follows it")
    func undoAndRedo() async {
        let store = TestStore(initialState: AppState(), reducer: appReducer)
        let milk = TodoItem(id: 1, title: "Buy milk", done: false)
        let ada = TodoItem(id: 2, title: "Call Ada", done: false)
        await store.send(.list(.add("Buy milk"))) {
            $0.history.record(.newStep(named: "add Buy milk"), changedFrom: $0.list)
            $0.list = ListState(items: [milk], nextID: 2)
            $0.persistedItems = [milk]
        }
        await store.send(.list(.add("Call Ada"))) {
            $0.history.record(.newStep(named: "add Call Ada"), changedFrom: $0.list)
            $0.list = ListState(items: [milk, ada], nextID: 3)
            $0.persistedItems = [milk, ada]
        }
        await store.send(.history(.undo)) {
            $0.history.perform(.undo, on: &$0.list)
            #expect($0.list == ListState(items: [milk], nextID: 2))
            $0.persistedItems = [milk]
        }
        #expect(store.state.history.redoName == "add Call Ada")
        await store.send(.history(.redo)) {
            $0.history.perform(.redo, on: &$0.list)
            #expect($0.list == ListState(items: [milk, ada], nextID: 3))
            $0.persistedItems = [milk, ada]
        }
        await store.finish()
    }

    @Test("What the persistence middleware reports becomes the status line, and a load replaces the list")
    func persistenceEvents() async {
        let saved: IdentifiedArrayOf<TodoItem> = [TodoItem(id: 4, title: "Call Ada", done: true)]
        let store = TestStore(initialState: AppState(), reducer: appReducer)
        await store.send(.persistence(.load)) { $0.persistence.status = "loading" }
        await store.send(.persistence(.event(.loaded(saved)))) {
            $0.persistence.status = "loaded 1 item"
            $0.persistence.savedItems = saved.elements
            $0.list.items = saved
            $0.list.nextID = 5
            $0.persistedItems = saved
        }
        await store.send(.persistence(.event(.saved(saved, bytes: 80, duration: .milliseconds(1))))) {
            $0.persistence.status = "saved 1 item"
        }
        await store.send(.persistence(.event(.saveFailed(reason: "disk full", retryIn: .seconds(5))))) {
            $0.persistence.status = "could not save to todos.json: disk full"
        }
        await store.finish()
    }

    @Test("The demo's persistence reads the file when asked, and reports the list")
    func load() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("todos.json")
        let saved = [TodoItem(id: 4, title: "Call Ada", done: true)]
        try JSONEncoder().encode(saved).write(to: file)

        let persistence = makePersistence(TodoWorld(file: file, clock: TestClock()))
        let store = ReduxStoreBase(initialState: AppState(), reducer: appReducer, middleware: persistence)
        await store.dispatchAndWait(.persistence(.load))
        await persistence.flush()
        #expect(store.state.list.items.elements == saved)
        #expect(store.state.persistence.status == "loaded 1 item")
    }
}

@Suite("The demo's exported session")
struct TodoDemoSessionTests {
    @Test("export writes the session, which replays through the app's reducer as a test")
    func exportReplays() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = TodoApp(world: TodoWorld(file: folder.appendingPathComponent("todos.json")), logFile: folder.appendingPathComponent("demo.log"))
        await app.start()
        for line in ["add Milk", "add Tea", "done 2", "autosave off", "rm 1"] {
            _ = await app.perform(line)
        }
        let file = folder.appendingPathComponent("session.json")
        let screen = await app.perform("export \(file.path)")
        #expect(screen?.contains("Exported the last") == true)
        let session = try RecordedSession<AppAction, AppState>(jsonData: Data(contentsOf: file))
        #expect(session.steps.contains { $0.action == .list(.add("Tea")) })
        #expect(session.steps.last?.state.list.items.map(\.title) == ["Tea"])
        try expectReplay(ofSessionAt: file, actionType: AppAction.self, reducer: appReducer)
    }
}
