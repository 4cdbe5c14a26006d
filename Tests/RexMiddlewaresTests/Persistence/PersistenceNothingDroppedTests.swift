import Foundation
import RexCore
import RexMiddlewares
import RexTestSupport
import RexTesting
import Testing

/// A storage that cannot be read and cannot set what it holds aside.
struct StuckStorage: PersistenceStorage {
    struct Stuck: Error, CustomStringConvertible {
        let description: String
    }

    func read() throws -> Data? { throw Stuck(description: "cannot read") }
    func stage(_ data: Data) throws -> StagedData { StagedData(location: "staged") }
    func commit(_ staged: StagedData) throws { Issue.record("written over what could not be read") }
    func discard(_ staged: StagedData) {}
    func setAside() throws -> String { throw Stuck(description: "cannot move it") }
}

@Suite("PersistenceMiddleware: no change is dropped without a word")
struct PersistenceNothingDroppedTests {
    typealias Domain = PersistenceDomain

    /// A persisting app whose events are recorded as they come.
    struct RecordedApp {
        let clock = TestClock()
        let events = Recorder<PersistenceEvent<[String]>>()
        let middleware: Domain.Middleware
        let store: Domain.Store

        init(storage: some PersistenceStorage, version: Int = 1) {
            middleware = Domain.Middleware(
                part: \.todos,
                storage: storage,
                version: version,
                debounce: Domain.App.debounce,
                retryAfter: Domain.App.retryAfter,
                clock: clock,
                report: { [events] event in
                    events.record(event)
                    return nil
                }
            )
            store = Domain.Store(initialState: middleware.restoring(Domain.State()), reducer: Domain.reducer, middleware: middleware)
        }

        var saveFailures: [String] {
            events.values.compactMap { if case .saveFailed(let reason, _) = $0 { reason } else { nil } }
        }

        var saves: [[String]] {
            events.values.compactMap { if case .saved(let part, _, _) = $0 { part } else { nil } }
        }
    }

    @Test("A directory where the file should be is moved aside and reported; the changes that follow are saved")
    func directoryInPlace() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-persistence-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("todos.json")
        try FileManager.default.createDirectory(at: file.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let app = RecordedApp(storage: FileStorage(url: file))
        app.store.dispatch(.add("Milk"))
        await app.middleware.flush()
        guard case .unreadable(let reason, let keptAs?) = app.events.values.first else {
            Issue.record("reported \(app.events.values)")
            return
        }
        #expect(reason == "is a directory: \(file.path)")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: keptAs + "/inside", isDirectory: &isFolder) && isFolder.boolValue)
        #expect(app.saves == [["Milk"]])
        #expect(Domain.decoded(try Data(contentsOf: file))?.todos == ["Milk"])
    }

    @Test("Data that can neither be read nor set aside is not written over, and every change says it was not saved")
    func stuck() async {
        let app = RecordedApp(storage: StuckStorage())
        app.store.dispatch(.add("Milk"))
        await app.middleware.flush()
        app.store.dispatch(.add("Tea"))
        await app.middleware.flush()
        #expect(app.saves.isEmpty)
        #expect(app.saveFailures.count == 2)
        #expect(app.saveFailures.allSatisfy { $0.contains("cannot read") }, "\(app.saveFailures)")
    }

    @Test("Data of a newer version is not written over, and every change says it was not saved")
    func newerVersion() async {
        let newer = Domain.encoded(["From the future"], version: 3)
        let storage = InMemoryStorage(newer)
        let app = RecordedApp(storage: storage, version: 2)
        app.store.dispatch(.add("Mine"))
        await app.middleware.flush()
        app.store.dispatch(.add("Also mine"))
        await app.middleware.flush()
        #expect(storage.data == newer)
        #expect(app.events.values.first == .newerVersion(found: 3, supported: 2))
        #expect(app.saveFailures.count == 2)
        #expect(app.saveFailures.allSatisfy { $0.contains("newer version") }, "\(app.saveFailures)")
    }

    /// An app whose first save (of "Milk", a disk full) failed, its check waiting again.
    static func appAfterAFailedSave() async -> (FaultyStorage<InMemoryStorage>, RecordedApp) {
        let storage = FaultyStorage(InMemoryStorage())
        let app = RecordedApp(storage: storage)
        storage.failCommits(with: POSIXError(.ENOSPC))
        app.store.dispatch(.add("Milk"))
        await app.clock.waitForSleepers(1)
        app.clock.advance(by: Domain.App.debounce)
        await app.clock.waitForSleepers(1)  // the check waits again, after the failure
        return (storage, app)
    }

    @Test("A change after a failed save is tried after the debounce, without waiting for the retry")
    func changeAfterFailureIsTriedSooner() async {
        let (storage, app) = await Self.appAfterAFailedSave()
        #expect(app.saveFailures.count == 1)
        storage.failCommits(with: nil)
        app.store.dispatch(.add("Tea"))
        // Two debounces: one to see the change, one to see it stay; far less than the retry.
        for _ in 0..<2 {
            app.clock.advance(by: Domain.App.debounce)
            await app.clock.waitForSleepers(1)
        }
        #expect(app.saves == [["Milk", "Tea"]])
    }

    @Test("Without a change, a failed save waits the whole retry, then is tried again")
    func unchangedWaitsForTheRetry() async {
        let (storage, app) = await Self.appAfterAFailedSave()
        storage.failCommits(with: nil)
        var waited = Duration.zero
        while app.saves.isEmpty, waited < Domain.App.retryAfter * 2 {
            app.clock.advance(by: Domain.App.debounce)
            waited += Domain.App.debounce
            await app.clock.waitForSleepers(1)
        }
        #expect(waited == Domain.App.retryAfter)
        #expect(app.saves == [["Milk"]])
        #expect(app.saveFailures.count == 1)
    }
}
