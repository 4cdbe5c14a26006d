import Foundation
import RexCore

/// Saves a `Codable` part of the state to a storage when it changes, and brings it back at
/// launch: compose it at the entry point, and start the store from ``restoring(_:)``.
///
/// ```swift
/// let persistence = PersistenceMiddleware(
///     part: \AppState.todos,
///     storage: .file(documents.appendingPathComponent("todos.json")),
///     report: AppAction.persistence
/// )
/// let store = ReduxStoreBase(
///     initialState: persistence.restoring(AppState()),
///     reducer: appReducer,
///     middleware: persistence <> otherMiddlewares
/// )
/// ```
///
/// - **Saving.** After a turn that changed the part (compared with `==`), the middleware waits
///   until it has not changed for `debounce` on `clock`, then encodes and writes it, on a queue
///   of its own: never on the store's turn, never two writes at once, a newer part replacing one
///   that waits. ``flush()`` saves now and waits. When the store and every copy of the
///   middleware are gone, or the process exits normally, what waits is saved.
/// - **Nothing lost.** A save that fails is reported (``PersistenceEvent/saveFailed(reason:retryIn:)``)
///   and tried again after `retryAfter`, or sooner when the part changes. Until the storage has
///   been read (by ``restoring(_:)`` or the load action), nothing is saved, so that a default
///   state never replaces saved data. Every change read after that is reported as saved or as
///   failed.
/// - **Unreadable data** (or a directory where the file should be) is set aside under a new
///   name, the reason reported (``PersistenceEvent/unreadable(reason:keptAs:)``), and the app goes
///   on from its default. **A newer version's data**, and unreadable data that could not be set
///   aside, are never written over: reported at launch, then each save as failed.
/// - **Versions.** The data is written with `version`; older data goes through `migrations`, in
///   order, as it is read.
///
/// Events reach the store as the actions `report` makes of them; those found at launch, before
/// the store runs, come with its first turn. See <doc:PersistingState>.
public struct PersistenceMiddleware<Action: Sendable, State: Sendable, Part: Codable & Equatable & Sendable>: MiddlewareProtocol {
    /// The persisted part of the state.
    public let part: WritableKeyPath<State, Part> & Sendable
    /// Tells which actions ask for the storage to be read after launch.
    @usableFromInline
    let loadsOn: (@Sendable (Action) -> Bool)?
    @usableFromInline
    let saver: PersistenceSaver<Action, State, Part>
    /// The saver's check state, held here too, so that a turn reads it without going through
    /// (and retaining) the saver.
    @usableFromInline
    let check: SaveCheckState

    /// Creates a middleware that persists `part` of the state.
    ///
    /// - Parameters:
    ///   - part: The part of the state to save and restore.
    ///   - storage: Where to keep it: ``FileStorage`` (atomic writes) or one of the app's own.
    ///   - version: The schema version the app writes; older data is migrated as it is read.
    ///   - migrations: From each older version to the next, as JSON; run in order.
    ///   - debounce: How long the part must stay unchanged before it is saved.
    ///   - retryAfter: How long to wait after a failed save before the next try; a change of the
    ///     part meanwhile is tried after `debounce` (with no debounce, after `retryAfter`).
    ///   - clock: The clock of the debounce and the retries; a test gives one it advances.
    ///   - loadsOn: Which actions ask for the storage to be read after launch (reported as
    ///     ``PersistenceEvent/loaded(_:)``, for the app's reducer to put in the state).
    ///   - report: The app's action for each ``PersistenceEvent``; `nil` to ignore it.
    public init(
        part: WritableKeyPath<State, Part> & Sendable,
        storage: some PersistenceStorage,
        version: Int = 1,
        migrations: [PersistenceMigration] = [],
        debounce: Duration = .milliseconds(500),
        retryAfter: Duration = .seconds(5),
        clock: any Clock<Duration> = ContinuousClock(),
        loadsOn: (@Sendable (Action) -> Bool)? = nil,
        report: @escaping @Sendable (PersistenceEvent<Part>) -> Action?
    ) {
        self.part = part
        self.loadsOn = loadsOn
        saver = PersistenceSaver(core: SaverCore(
            storage: storage,
            format: PersistenceFormat(version: version, migrations: migrations),
            clock: clock,
            debounce: debounce,
            retryAfter: retryAfter,
            part: part,
            report: report
        ))
        check = saver.check
    }

    /// Returns `state` with the part read from the storage, read now, on this thread: the
    /// store's initial state. When nothing was saved, or what was saved cannot be used, `state`
    /// is returned as it is (and what went wrong is reported at the store's first turn).
    public func restoring(_ state: State) -> State {
        var state = state
        if let saved = saver.core.readAtLaunch(default: state[keyPath: part]) {
            state[keyPath: part] = saved
        }
        return state
    }

    /// Saves what waits to be saved now, and returns once it is written (or failed, which is
    /// reported), with any write that was under way.
    public func flush() async {
        await saver.core.flush()
    }

    /// Counts the turn, and arms a check of the part after it unless one is armed: an atomic
    /// increment and load, and nothing after the turn, while a check is armed. Reads the storage
    /// for an action that `loadsOn` names.
    @inlinable
    public func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Action> {
        if let loadsOn, loadsOn(action) {
            return IO { [saver, part] output in
                saver.start(getState: state, output: output)
                saver.load(to: output, current: state()[keyPath: part])
            }
        }
        switch check.noteTurn() {
        case SaveCheckState.armed:
            return .pure()
        case SaveCheckState.idle:
            return IO(saver.afterTurn)
        default:
            return IO { [saver] output in saver.start(getState: state, output: output) }
        }
    }
}
