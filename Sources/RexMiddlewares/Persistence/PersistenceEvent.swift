/// What a ``PersistenceMiddleware`` reports, as actions of the app (its `report` closure maps
/// each event to one).
public enum PersistenceEvent<Part: Sendable>: Sendable {
    /// The storage was read after the store started (the middleware's load action): the part it
    /// held, or `nil` when nothing was saved yet. The app's reducer puts it in the state.
    case loaded(Part?)
    /// The saved data could not be read or decoded (`is a directory: /…/todos.json`,
    /// `permission denied: …`, or the field that failed and why:
    /// `items.3.title: Expected String but found a number`). It was set aside as `keptAs`, and the
    /// app goes on from its default state, saved from its next change. When it could not be set
    /// aside (`keptAs` is `nil`), it stays as it is, and each later save is reported as
    /// ``saveFailed(reason:retryIn:)``.
    case unreadable(reason: String, keptAs: String?)
    /// The saved data was written by a newer version of the app (schema version `found`; this
    /// one knows up to `supported`). It is left as it is: nothing is saved over it while the app
    /// runs, each later save is reported as ``saveFailed(reason:retryIn:)``, and the app goes on
    /// from its default state.
    case newerVersion(found: Int, supported: Int)
    /// The part was saved, as it is here: `bytes` written, in `duration` (encoding and writing,
    /// off the store's turns).
    case saved(Part, bytes: Int, duration: Duration)
    /// A save failed, for `reason` as a person can act on it (`disk full: /…/todos.json`,
    /// `permission denied: …`, or that the storage holds data not to be written over): what was
    /// not saved is kept, and is tried again after `retryIn`, or sooner if the part changes (after
    /// the debounce) or ``PersistenceMiddleware/flush()`` is called. Every try that fails is
    /// reported.
    case saveFailed(reason: String, retryIn: Duration)
}

extension PersistenceEvent: Equatable where Part: Equatable {}

/// Events are written as the app's other actions are, so that a recorded session keeps them.
extension PersistenceEvent: Codable where Part: Codable {}
