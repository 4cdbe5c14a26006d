import Foundation
import RexCore
import Testing
import TodoDemo

@Suite("The to-do demo")
struct TodoDemoTests {
    /// A fresh folder for the demo's files.
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rex-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func app(in folder: URL) -> TodoApp {
        TodoApp(world: TodoWorld(file: folder.appendingPathComponent("todos.json")), logFile: folder.appendingPathComponent("demo.log"))
    }

    /// The undo history keeps the list as it was at each step; written whole at each `add`, the
    /// log grew with the square of the list (308 MB after 3,000 piped adds). The demo leaves the
    /// history out of its log; what any log shows of a history is `UndoHistoryReflectionTests`.
    @Test("The demo's log says what each command changed in the list, not the undo history's kept lists")
    func logLeavesOutTheUndoHistory() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let app = app(in: folder)
            await app.start()
            for number in 1...20 {
                _ = await app.perform("add item \(number)")
            }
        }  // the app, its store and its logger go here: the log is written whole
        let log = try String(contentsOf: folder.appendingPathComponent("demo.log"), encoding: .utf8)
        #expect(log.contains(".list.items[19]: (none) → "))
        #expect(!log.contains(".history"))
    }

    @Test("The script in the repository ends with the expected list, saved to disk")
    func scriptFlow() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = try String(contentsOf: root.appendingPathComponent("demo-script.txt"), encoding: .utf8)
        let app = app(in: folder)
        await app.start()
        var screens: [String] = []
        for line in script.split(separator: "\n") {
            if let screen = await app.perform(String(line)) { screens.append(screen) }
        }
        #expect(app.store.state.list.items.map(\.title) == ["Buy milk", "Call Ada", "Not saved yet"])
        #expect(app.store.state.persistence.status == "saved 3 items")
        #expect(screens.contains { $0.contains("Unknown command `frobnicate`") })
        #expect(screens.contains { $0.contains("There is no item `9`") })
        struct SavedFile: Decodable {
            let version: Int
            let data: [TodoItem]
        }
        let file = try JSONDecoder().decode(SavedFile.self, from: Data(contentsOf: folder.appendingPathComponent("todos.json")))
        #expect(file.version == 1)
        let saved = file.data
        #expect(saved == app.store.state.list.items.elements)
        // A second run loads what the first saved.
        let again = self.app(in: folder)
        await again.start()
        #expect(again.store.state.list.items.elements == saved)
        #expect(again.store.state.persistence.status == "loaded 3 items")
    }

    @Test("`undo` and `redo` step back and forth through the list's changes, say what they would do, and the file follows with autosave on")
    func undoAndRedo() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = app(in: folder)
        await app.start()
        var screen = ""
        for line in ["undo", "add Buy milk", "add Call Ada", "done 1", "undo", "undo"] {
            screen = await app.perform(line) ?? ""
        }
        #expect(app.store.state.list.items.map(\.title) == ["Buy milk"])
        #expect(app.store.state.list.items[0].done == false)
        #expect(screen.contains("-- undo: add Buy milk · redo: add Call Ada"), "\(screen)")
        screen = await app.perform("redo") ?? ""
        #expect(app.store.state.list.items.map(\.title) == ["Buy milk", "Call Ada"])
        #expect(screen.contains("-- undo: add Call Ada · redo: done"), "\(screen)")
        screen = await app.perform("add Tea") ?? ""  // a new change: nothing left to redo
        #expect(!screen.contains("redo:"), "\(screen)")
        screen = await app.perform("redo") ?? ""
        #expect(screen.contains("Nothing to redo."), "\(screen)")
        _ = await app.perform("undo")
        // Autosave: the undone list is the list to save, before any `save`.
        #expect(app.store.state.persistedItems.map(\.title) == ["Buy milk", "Call Ada"])
        _ = await app.perform("save")  // waits for the file
        struct SavedFile: Decodable {
            let data: [TodoItem]
        }
        let file = try JSONDecoder().decode(SavedFile.self, from: Data(contentsOf: folder.appendingPathComponent("todos.json")))
        #expect(file.data.map(\.title) == ["Buy milk", "Call Ada"])
    }

    @Test("`done` with several numbers marks them in one step, which one `undo` takes back; a wrong number marks none")
    func groupedDone() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = app(in: folder)
        await app.start()
        for line in ["add Milk", "add Tea", "add Bread", "done 1 3"] {
            _ = await app.perform(line)
        }
        #expect(app.store.state.list.items.map(\.done) == [true, false, true])
        #expect(app.store.state.history.undoName == "done 1 3")
        var screen = await app.perform("done 2 9") ?? ""
        #expect(screen.contains("There is no item `9`"), "\(screen)")
        #expect(app.store.state.list.items.map(\.done) == [true, false, true])
        screen = await app.perform("undo") ?? ""
        #expect(app.store.state.list.items.map(\.done) == [false, false, false])
        #expect(screen.contains("-- undo: add Bread · redo: done 1 3"), "\(screen)")
    }

    @Test("A corrupt save file is kept aside, not overwritten, and the user is told")
    func corruptFileIsKeptAside() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("todos.json")
        try Data("not json".utf8).write(to: file)
        let app = app(in: folder)
        await app.start()
        let status = app.store.state.persistence.status
        #expect(status.hasPrefix("could not read todos.json ("), "status: \(status)")
        #expect(status.contains("kept it aside as todos.json.unreadable-"), "status: \(status)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("todos.json.unreadable-") }
        #expect(aside.count == 1)
        #expect(try String(contentsOf: folder.appendingPathComponent(aside[0]), encoding: .utf8) == "not json")
        _ = await app.perform("add Fresh start")
        #expect(app.store.state.persistence.status == "saved 1 item")
    }

    @Test("A list saved by the demo before it had a persistence middleware (no version) is loaded, and saved with one")
    func unversionedFile() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("todos.json")
        try Data(#"[{"id": 3, "title": "From before", "done": true}]"#.utf8).write(to: file)
        let app = app(in: folder)
        await app.start()
        #expect(app.store.state.list.items.map(\.title) == ["From before"])
        #expect(app.store.state.list.items.map(\.done) == [true])
        #expect(app.store.state.persistence.status == "loaded 1 item")
        _ = await app.perform("add After")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self).contains(#""version":1"#))
    }

    @Test("A save that fails says why, and keeps the list in memory")
    func failingSave() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The list's folder is a file, so the list cannot be written there.
        let blocker = folder.appendingPathComponent("blocker")
        try Data("a file".utf8).write(to: blocker)
        let app = TodoApp(world: TodoWorld(file: blocker.appendingPathComponent("todos.json")), logFile: folder.appendingPathComponent("demo.log"))
        await app.start()
        _ = await app.perform("add Keep me")
        #expect(app.store.state.list.items.map(\.title) == ["Keep me"])
        #expect(app.store.state.persistence.status.hasPrefix("could not save to"))
    }
}
