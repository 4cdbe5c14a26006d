import Foundation
import RexCore
import RexMiddlewares
import RexTesting
import Testing

@Suite("PersistenceMiddleware: saving")
struct PersistenceSavingTests {
    typealias Domain = PersistenceDomain

    @Test("The store starts from what was saved; turns that leave the part as it was save nothing")
    func restoresAndComparesTheTurns() async {
        let storage = FaultyStorage(InMemoryStorage(Domain.encoded(["Milk"])))
        let app = Domain.App(storage: storage)
        let store = app.restoredStore()
        #expect(store.state.todos == ["Milk"])
        for _ in 0..<10 {
            store.dispatch(.bump)
        }
        // The first turn arms a check, and the others find it armed; it finds the part as the
        // storage holds it.
        await app.clock.waitForSleepers(1)
        #expect(app.clock.sleeperCount == 1)
        app.clock.advance(by: Domain.App.debounce)
        await app.middleware.flush()
        #expect(storage.commits == 0)
        #expect(store.state.counter == 10)
    }

    @Test("A change is saved once it has stayed unchanged for the debounce, not before, off the turn")
    func debounced() async {
        let storage = InMemoryStorage()
        let app = Domain.App(storage: storage)
        var events = app.events.makeAsyncIterator()
        let store = app.restoredStore()
        store.dispatch(.add("Milk"))
        await app.clock.waitForSleepers(1)
        app.clock.advance(by: Domain.App.debounce - .milliseconds(1))
        #expect(storage.data == nil)
        app.clock.advance(by: .milliseconds(1))
        guard case .saved(let saved, let bytes, _) = await events.next() else {
            Issue.record("no save reported")
            return
        }
        #expect(Domain.decoded(storage.data)?.todos == ["Milk"])
        #expect(bytes == storage.data?.count)
        #expect(saved == ["Milk"])
        #expect(Domain.decoded(storage.data)?.version == 1)
    }

    @Test("A newer change while the debounce waits makes it wait again, and one write saves the newest")
    func newerSupersedes() async {
        let storage = FaultyStorage(InMemoryStorage())
        let app = Domain.App(storage: storage)
        var events = app.events.makeAsyncIterator()
        let store = app.restoredStore()
        store.dispatch(.add("Milk"))
        await app.clock.waitForSleepers(1)
        app.clock.advance(by: .milliseconds(300))
        store.dispatch(.add("Tea"))
        app.clock.advance(by: .milliseconds(200))  // the first wait ends; the part changed meanwhile
        await app.clock.waitForSleepers(1)
        #expect(storage.commits == 0)
        app.clock.advance(by: Domain.App.debounce)
        guard case .saved = await events.next() else {
            Issue.record("no save reported")
            return
        }
        #expect(storage.commits == 1)
        #expect(Domain.decoded(storage.inner.data)?.todos == ["Milk", "Tea"])
    }

    @Test("flush() saves what waits at once, and returns once it is written")
    func flush() async {
        let storage = InMemoryStorage()
        let app = Domain.App(storage: storage)
        let store = app.restoredStore()
        store.dispatch(.add("Milk"))
        await app.middleware.flush()
        #expect(Domain.decoded(storage.data)?.todos == ["Milk"])
    }

    @Test("Saves from flushes and from the debounce, asked from many tasks at once, never overlap")
    func oneWriteAtATime() async {
        let storage = WatchedStorage(InMemoryStorage())
        let app = Domain.App(storage: storage)
        let store = app.restoredStore()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for step in 0..<10 {
                        store.dispatch(.add("\(task)-\(step)"))
                        app.clock.advance(by: Domain.App.debounce)
                        await app.middleware.flush()
                    }
                }
            }
        }
        await app.middleware.flush()
        #expect(storage.mostWritesAtOnce == 1)
        #expect(storage.writes > 1)
        #expect(Domain.decoded(storage.inner.data)?.todos.count == 80)
    }

    @Test("A save under way does not hold up the store: turns go on while it writes")
    func savesAreOffTheTurn() async {
        let storage = WatchedStorage(InMemoryStorage(), blocking: true)
        let app = Domain.App(storage: storage)
        let store = app.restoredStore()
        store.dispatch(.add("Milk"))
        await app.clock.waitForSleepers(1)
        app.clock.advance(by: Domain.App.debounce)
        await storage.writeStarted()
        for _ in 0..<100 {
            store.dispatch(.bump)
        }
        #expect(store.state.counter == 100)
        #expect(storage.inner.data == nil)  // the save is still waiting
        storage.release()
        await app.middleware.flush()
        #expect(Domain.decoded(storage.inner.data)?.todos == ["Milk"])
    }

    @Test("A store that goes saves what waits to be saved")
    func storeGoesSaves() {
        let storage = InMemoryStorage()
        do {
            let app = Domain.App(storage: storage)
            let store = app.restoredStore()
            store.dispatch(.add("Milk"))
            store.dispatch(.add("Tea"))
        }
        #expect(Domain.decoded(storage.data)?.todos == ["Milk", "Tea"])
    }

    @Test("A store let go of while the middleware reports, on its queue, saves and goes without waiting for itself", .timeLimit(.minutes(1)))
    func storeGoesOnTheQueue() async {
        final class Holder: @unchecked Sendable {  // `store` is set before the first save and cleared once, by the report on the queue
            var store: Domain.Store?
        }
        let holder = Holder()
        let storage = InMemoryStorage()
        let clock = TestClock()
        let (gone, goneContinuation) = AsyncStream.makeStream(of: Void.self)
        do {
            let middleware = Domain.Middleware(part: \.todos, storage: storage, clock: clock, report: { event in
                guard case .saved = event else { return nil }
                holder.store = nil  // the last reference to the store, let go of on the queue
                goneContinuation.yield()
                return .bump
            })
            holder.store = Domain.Store(initialState: middleware.restoring(Domain.State()), reducer: Domain.reducer, middleware: middleware)
            holder.store?.dispatch(.add("Milk"))
            holder.store?.dispatch(.add("Tea"))
        }
        // The first look finds the part changed since the turn that armed the check; the second saves.
        for _ in 0..<2 {
            await clock.waitForSleepers(1)
            clock.advance(by: .milliseconds(500))
        }
        var iterator = gone.makeAsyncIterator()
        _ = await iterator.next()
        #expect(holder.store == nil)
        #expect(Domain.decoded(storage.data)?.todos == ["Milk", "Tea"])
    }

    @Test("Before the storage is read, nothing is saved: a default state never replaces saved data")
    func nothingSavedBeforeReading() async {
        let storage = InMemoryStorage(Domain.encoded(["Saved"]))
        let app = Domain.App(storage: storage)
        var events = app.events.makeAsyncIterator()
        let store = Domain.Store(initialState: Domain.State(), reducer: Domain.reducer, middleware: app.middleware)
        store.dispatch(.add("Not loaded yet"))
        await app.middleware.flush()
        #expect(Domain.decoded(storage.data)?.todos == ["Saved"])
        store.dispatch(.load)
        #expect(await events.next() == .loaded(["Saved"]))
        // The reducer puts what was loaded in the state; that is what is saved from then on.
        _ = await Domain.firstState(of: store) { $0.todos == ["Saved"] }
        store.dispatch(.add("After"))
        await app.middleware.flush()
        #expect(Domain.decoded(storage.data)?.todos == ["Saved", "After"])
    }
}

@Suite("PersistenceMiddleware: failures")
struct PersistenceFailureTests {
    typealias Domain = PersistenceDomain

    @Test("A save that fails is reported, the old data stays, and the part is saved on the retry")
    func failedSaveIsRetried() async throws {
        let storage = FaultyStorage(InMemoryStorage(Domain.encoded(["Old"])))
        let app = Domain.App(storage: storage)
        var events = app.events.makeAsyncIterator()
        let store = app.restoredStore()
        storage.failCommits(with: POSIXError(.ENOSPC))
        store.dispatch(.add("New"))
        await app.clock.waitForSleepers(1)
        app.clock.advance(by: Domain.App.debounce)
        guard case .saveFailed(let reason, let retryIn) = await events.next() else {
            Issue.record("no failure reported")
            return
        }
        #expect(reason.contains("ENOSPC") || reason.contains("No space"))
        #expect(retryIn == Domain.App.retryAfter)
        #expect(Domain.decoded(storage.inner.data)?.todos == ["Old"])
        // The event reaches the store as the app's action.
        let told = await Domain.firstState(of: store) { $0.lastEvent == .saveFailed(reason: reason, retryIn: retryIn) }
        #expect(told != nil)

        storage.failCommits(with: nil)
        await app.clock.waitForSleepers(1)
        app.clock.advance(by: Domain.App.retryAfter)
        guard case .saved = await events.next() else {
            Issue.record("no save after the retry")
            return
        }
        #expect(Domain.decoded(storage.inner.data)?.todos == ["Old", "New"])
    }

    @Test("A failure between writing and renaming leaves the old file whole, and leaves no temporary file")
    func failureBeforeRename() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-persistence-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = FileStorage(url: folder.appendingPathComponent("todos.json"))
        let staged = try file.stage(Domain.encoded(["Old"]))
        try file.commit(staged)
        let storage = FaultyStorage(file)
        let app = Domain.App(storage: storage)
        let store = app.restoredStore()
        storage.failCommits(with: CocoaError(.fileWriteUnknown))
        store.dispatch(.add("New"))
        await app.middleware.flush()
        #expect(Domain.decoded(try file.read())?.todos == ["Old"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["todos.json"])
        storage.failCommits(with: nil)
        await app.middleware.flush()
        #expect(Domain.decoded(try file.read())?.todos == ["Old", "New"])
    }
}
