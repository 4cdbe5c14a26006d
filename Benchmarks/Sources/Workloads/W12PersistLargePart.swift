import Foundation
import RexCore
import RexMiddlewares

/// W12: persistence of a large part. A store whose persisted part is a list of 10,000 items,
/// saved to a file by a `PersistenceMiddleware`. `changeOnly` measures the turn that changes one
/// item (the save is not on it); `save` measures what the middleware does off the turn:
/// encoding the 10,000 items and writing them atomically (temporary file, fsync, rename).
public final class PersistLargePartWorkload {
    public struct Item: Codable, Equatable, Sendable {
        public var id: Int
        public var title: String
        public var done: Bool
    }

    public struct State: Sendable {
        public var items: [Item]
    }

    let store: ReduxStoreBase<Int, State>
    let persistence: PersistenceMiddleware<Int, State, [Item]>
    let folder: URL
    /// How long each save took, as the middleware reported it.
    let durations = SaveDurations()
    var next = 0

    public init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-w12-\(UUID())")
        let durations = self.durations
        persistence = PersistenceMiddleware(
            part: \State.items,
            storage: FileStorage(url: folder.appendingPathComponent("items.json")),
            debounce: .seconds(3_600),  // saved by `save`, not by the debounce
            report: { event in
                if case .saved(_, _, let duration) = event { durations.add(duration) }
                return nil
            }
        )
        let items = (0..<10_000).map { Item(id: $0, title: "Item \($0)", done: false) }
        store = ReduxStoreBase(
            initialState: persistence.restoring(State(items: items)),
            reducer: .reduce { index, state in state.items[index].done.toggle() },
            middleware: persistence
        )
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Toggles `actions` items, one turn each; nothing is saved on these turns.
    public func changeOnly(actions: Int) {
        for _ in 0..<actions {
            store.dispatch(next)
            next = next == 9_999 ? 0 : next + 1
        }
    }

    /// Changes one item and saves the 10,000 now; returns once they are on the disk.
    public func save() async {
        store.dispatch(next)
        next = next == 9_999 ? 0 : next + 1
        let before = durations.count
        await persistence.flush()
        check(durations.count == before + 1, "W12", "the save was not reported")
    }

    /// The save durations reported so far, in microseconds: (median, maximum).
    public var reportedMicroseconds: (median: Double, maximum: Double) {
        durations.summary
    }
}

/// The durations the middleware reported, from its queue.
final class SaveDurations: @unchecked Sendable {  // `values` is guarded by `lock`
    private let lock = NSLock()
    private var values: [Duration] = []

    func add(_ duration: Duration) {
        lock.withLock { values.append(duration) }
    }

    var count: Int { lock.withLock { values.count } }

    var summary: (median: Double, maximum: Double) {
        let sorted = lock.withLock { values.sorted() }
        guard let maximum = sorted.last else { return (0, 0) }
        let microseconds = { (duration: Duration) in Double(duration.components.attoseconds) / 1e12 + Double(duration.components.seconds) * 1e6 }
        return (microseconds(sorted[sorted.count / 2]), microseconds(maximum))
    }
}
