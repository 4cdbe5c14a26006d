import Foundation
import RexCore

/// The persistence savers alive in the process, so that what they hold is saved when the
/// process exits normally (`exit`, or the end of `main`), as a saver whose middleware goes saves
/// it then. Held strongly, until their middleware goes: a weak reference would slow every retain
/// of the saver, which each turn makes.
final class LivePersistenceSavers: @unchecked Sendable {  // `savers` is guarded by `lock`
    static let shared = LivePersistenceSavers()

    private let lock = Lock()
    private var savers: [ObjectIdentifier: () -> Void] = [:]

    private init() {
        atexit {
            LivePersistenceSavers.shared.saveAll()
        }
    }

    func add<Action, State, Part>(_ saver: SaverCore<Action, State, Part>) {
        lock.withLock { savers[ObjectIdentifier(saver)] = saver.saveNow }
    }

    func remove<Action, State, Part>(_ saver: SaverCore<Action, State, Part>) {
        _ = lock.withLock { savers.removeValue(forKey: ObjectIdentifier(saver)) }
    }

    /// Saves what every live saver holds.
    func saveAll() {
        let all = lock.withLock { Array(savers.values) }
        for save in all {
            save()
        }
    }
}
