import Foundation
import RexCore
import RexMiddlewares
import RexTesting
import Testing

@Suite("PersistenceMiddleware: reading, versions and migrations")
struct PersistenceReadingTests {
    typealias Domain = PersistenceDomain

    @Test("Data that cannot be decoded is set aside, the reason names the field, and the app starts from its default")
    func unreadable() async throws {
        let broken = try JSONSerialization.data(withJSONObject: ["version": 1, "data": ["Milk", 42]])
        let storage = InMemoryStorage(broken)
        let app = Domain.App(storage: storage)
        var events = app.events.makeAsyncIterator()
        let store = app.restoredStore(Domain.State(todos: ["Default"]))
        #expect(store.state.todos == ["Default"])
        store.dispatch(.bump)  // the first turn tells what the launch found
        guard case .unreadable(let reason, let keptAs?) = await events.next() else {
            Issue.record("no unreadable event")
            return
        }
        #expect(reason.hasPrefix("data.1: "), "reason: \(reason)")
        #expect(storage.setAsideData[keptAs] == broken)
        #expect(storage.data == nil)
        // The default is saved from the next change on.
        store.dispatch(.add("New"))
        await app.middleware.flush()
        #expect(Domain.decoded(storage.data)?.todos == ["Default", "New"])
    }

    @Test("Data that is not even JSON is set aside too")
    func notJSON() async {
        let storage = InMemoryStorage(Data("{ not json".utf8))
        let app = Domain.App(storage: storage)
        var events = app.events.makeAsyncIterator()
        let store = app.restoredStore()
        store.dispatch(.bump)
        guard case .unreadable(_, let keptAs?) = await events.next() else {
            Issue.record("no unreadable event")
            return
        }
        #expect(storage.setAsideData[keptAs] == Data("{ not json".utf8))
    }

    @Test("Data of a newer version is reported and never written over")
    func newerVersion() async {
        let newer = Domain.encoded(["From the future"], version: 3)
        let storage = InMemoryStorage(newer)
        let app = Domain.App(storage: storage, version: 2)
        var events = app.events.makeAsyncIterator()
        let store = app.restoredStore()
        #expect(store.state.todos == [])
        store.dispatch(.add("Mine"))
        #expect(await events.next() == .newerVersion(found: 3, supported: 2))
        await app.middleware.flush()
        #expect(storage.data == newer)
        await app.clock.waitForSleepers(1)
        app.clock.advance(by: Domain.App.debounce)
        await app.middleware.flush()
        #expect(storage.data == newer)
    }

    @Test("Older data goes through each migration in order, and is saved again at the app's version")
    func migrations() async throws {
        // Version 1 was a comma-separated string; version 2 an array of lowercase titles; 3 is today's.
        let storage = InMemoryStorage(try JSONSerialization.data(withJSONObject: ["version": 1, "data": "MILK,TEA"]))
        let app = Domain.App(
            storage: storage,
            version: 3,
            migrations: [
                PersistenceMigration(from: 2, decoding: [String].self) { $0.map(\.capitalized) },
                PersistenceMigration(from: 1, decoding: String.self) { $0.lowercased().split(separator: ",").map(String.init) },
            ]
        )
        let store = app.restoredStore()
        #expect(store.state.todos == ["Milk", "Tea"])
        store.dispatch(.add("Bread"))
        await app.middleware.flush()
        #expect(Domain.decoded(storage.data)?.version == 3)
        #expect(Domain.decoded(storage.data)?.todos == ["Milk", "Tea", "Bread"])
    }

    @Test("Data written before the middleware, with no version beside it, is version 0 for a migration from 0")
    func unversioned() async throws {
        let storage = InMemoryStorage(try JSONSerialization.data(withJSONObject: ["Milk", "Tea"]))
        let app = Domain.App(storage: storage, version: 1, migrations: [PersistenceMigration(from: 0) { $0 }])
        let store = app.restoredStore()
        #expect(store.state.todos == ["Milk", "Tea"])
        store.dispatch(.add("Bread"))
        await app.middleware.flush()
        #expect(Domain.decoded(storage.data)?.version == 1)
        #expect(Domain.decoded(storage.data)?.todos == ["Milk", "Tea", "Bread"])
    }

    @Test("A missing migration makes the data unreadable: set aside, reported, the default kept")
    func missingMigration() async {
        let storage = InMemoryStorage(Domain.encoded(["Milk"], version: 1))
        let app = Domain.App(storage: storage, version: 2)
        var events = app.events.makeAsyncIterator()
        let store = app.restoredStore()
        store.dispatch(.bump)
        #expect(await events.next() == .unreadable(reason: "no migration from version 1 to 2", keptAs: "aside-1"))
    }

    @Test("The load action reads the storage after launch and reports what it holds, or nothing")
    func loadAction() async {
        let app = Domain.App(storage: InMemoryStorage())
        var events = app.events.makeAsyncIterator()
        let store = Domain.Store(initialState: Domain.State(), reducer: Domain.reducer, middleware: app.middleware)
        store.dispatch(.load)
        #expect(await events.next() == .loaded(nil))
    }
}

@Suite("FileStorage")
struct FileStorageTests {
    @Test("Reads nothing where there is no file; a commit replaces the file; a staged write leaves it as it was")
    func stagesAndCommits() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-storage-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = FileStorage(url: folder.appendingPathComponent("nested/state.json"))
        #expect(try storage.read() == nil)
        try storage.commit(storage.stage(Data("one".utf8)))
        let staged = try storage.stage(Data("two".utf8))
        #expect(try storage.read() == Data("one".utf8))
        try storage.commit(staged)
        #expect(try storage.read() == Data("two".utf8))
        storage.discard(try storage.stage(Data("three".utf8)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("nested").path) == ["state.json"])
    }

    @Test("setAside moves the file to a new name beside it, each time another")
    func setsAside() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-storage-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = FileStorage(url: folder.appendingPathComponent("state.json"))
        try storage.commit(storage.stage(Data("bad".utf8)))
        let first = try storage.setAside()
        try storage.commit(storage.stage(Data("worse".utf8)))
        let second = try storage.setAside()
        #expect(first != second)
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data("bad".utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == Data("worse".utf8))
        #expect(try storage.read() == nil)
        #expect(URL(fileURLWithPath: first).deletingLastPathComponent().path == folder.path)
    }
}
