import Foundation
import RexCore
import RexMiddlewares

/// What the app needs from outside: where to keep the list, and a clock for delaying saves.
public struct TodoWorld: Sendable {
    /// The JSON file of the list.
    public let file: URL
    /// The clock a save waits on; tests give a manual one.
    public let clock: any Clock<Duration>

    /// Creates the world of the app.
    public init(file: URL, clock: any Clock<Duration> = ContinuousClock()) {
        self.file = file
        self.clock = clock
    }
}

/// Loads and saves the list as JSON. A save waits 50 ms, and a newer save cancels a pending
/// one, so a burst of changes writes once. A file that cannot be read as a list is moved aside,
/// never overwritten, and the user is told.
let persistenceEffects = EffectMiddleware<PersistenceAction, PersistenceAction, PersistenceState, TodoWorld>.onAction {
    action, _, _ in
    switch action {
    case .load:
        return .promise { world in TodoFile(world.file).load() }
    case .save(let items):
        return Effect.promise { world in TodoFile(world.file).save(items) }
            .delay(for: .milliseconds(50), clock: { $0.clock })
            .cancellable("save")
    default:
        return .doNothing
    }
}

/// Asks for a save after every change to the list; gated, so that `autosave off` stops it.
/// Turning autosave on saves what changed while it was off (the gate always forwards its own
/// switch).
struct AutosaveMiddleware: MiddlewareProtocol {
    func handle(action: AppAction, from dispatcher: ActionSource, state: @escaping GetState<AppState>) -> IO<AppAction> {
        switch action {
        case .list:
            return IO { output in output.dispatch(.persistence(.save(state().list.items.elements)), from: dispatcher) }
        case .autosave:
            return IO { output in
                let now = state()
                guard now.autosave, now.hasUnsavedChanges else { return }
                output.dispatch(.persistence(.save(now.list.items.elements)), from: dispatcher)
            }
        default:
            return .pure()
        }
    }
}

/// The list's file.
struct TodoFile {
    let url: URL

    init(_ url: URL) {
        self.url = url
    }

    func load() -> PersistenceAction {
        guard FileManager.default.fileExists(atPath: url.path) else { return .loaded([]) }
        do {
            let data = try Data(contentsOf: url)
            return .loaded(try JSONDecoder().decode([TodoItem].self, from: data))
        } catch {
            let aside = url.appendingPathExtension("corrupt-\(Int(Date().timeIntervalSince1970))")
            do {
                try FileManager.default.moveItem(at: url, to: aside)
                return .loadFailed("could not read \(url.lastPathComponent); kept it aside as \(aside.lastPathComponent) and started empty")
            } catch {
                return .loadFailed("could not read \(url.lastPathComponent), nor move it aside: \(error.localizedDescription)")
            }
        }
    }

    func save(_ items: [TodoItem]) -> PersistenceAction {
        if FileManager.default.fileExists(atPath: url.path),
            (try? JSONDecoder().decode([TodoItem].self, from: Data(contentsOf: url))) == nil
        {
            return .saveFailed("not saved: \(url.lastPathComponent) holds something that is not a list, and is kept as it is")
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoder.encode(items).write(to: url, options: .atomic)
            return .saved(items)
        } catch {
            return .saveFailed("could not save to \(url.path): \(error.localizedDescription)")
        }
    }
}
