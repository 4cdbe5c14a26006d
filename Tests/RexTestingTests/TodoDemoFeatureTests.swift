import Foundation
import RexCore
import RexTesting
import Testing
@testable import TodoDemo

@Suite("The demo's features, with TestStore")
struct TodoDemoFeatureTests {
    @Test("Adding an item asks for a save through autosave; autosave off asks for none")
    func autosave() async {
        let store = TestStore(
            initialState: AppState(),
            reducer: appReducer,
            middleware: AutosaveMiddleware().gated(by: { $0.autosave }, initially: .on)
        )
        let milk = TodoItem(id: 1, title: "Buy milk", done: false)
        await store.send(.list(.add("Buy milk"))) {
            $0.list.items = [milk]
            $0.list.nextID = 2
        }
        await store.receive(.persistence(.save([milk]))) { $0.persistence.status = "saving" }
        await store.send(.autosave(.turnOff)) { $0.autosave = false }
        await store.send(.list(.item(ElementIDAction(id: 1, action: .toggle)))) { $0.list.items[0].done = true }
        await store.finish()
    }

    @Test("Turning autosave on saves the changes made while it was off")
    func autosaveOnSavesPendingChanges() async {
        var state = AppState()
        let milk = TodoItem(id: 1, title: "Buy milk", done: false)
        state.list.items = [milk]
        state.persistence.savedItems = []
        state.autosave = false
        let store = TestStore(
            initialState: state,
            reducer: appReducer,
            middleware: AutosaveMiddleware().gated(by: { $0.autosave }, initially: .off)
        )
        await store.send(.autosave(.turnOn)) { $0.autosave = true }
        await store.receive(.persistence(.save([milk]))) { $0.persistence.status = "saving" }
        await store.finish()
    }

    @Test("Loading a saved list replaces the list")
    func load() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("todos.json")
        let saved = [TodoItem(id: 4, title: "Call Ada", done: true)]
        try JSONEncoder().encode(saved).write(to: file)

        let effects = persistenceEffects.inject(TodoWorld(file: file))
        let store = TestStore(
            initialState: AppState(),
            reducer: appReducer,
            middleware: effects.lift(inputAction: \AppAction.persistence, outputAction: AppAction.persistence, state: \AppState.persistence),
            effects: [effects]
        )
        await store.send(.persistence(.load)) { $0.persistence.status = "loading" }
        await store.receive(.persistence(.loaded(saved))) {
            $0.persistence.status = "loaded 1 item"
            $0.persistence.savedItems = saved
            $0.list.items = IdentifiedArray(uniqueElements: saved)
            $0.list.nextID = 5
        }
        await store.finish()
    }
}
