import Foundation

/// Where a ``PersistenceMiddleware`` keeps the saved data: a file (``FileStorage``, the
/// default), memory (``InMemoryStorage``, for tests), or a storage of the app's own.
///
/// A save is two steps, so that a storage can make it atomic and a test can fail it in between:
/// ``stage(_:)`` writes the new data beside the saved one, then ``commit(_:)`` puts it in place
/// in one step. Until `commit` returns, ``read()`` gives the old data.
///
/// The middleware calls a storage from one task at a time, never from a store's turn.
public protocol PersistenceStorage: Sendable {
    /// The saved data; `nil` when nothing was saved yet.
    func read() throws -> Data?

    /// Writes `data` where ``commit(_:)`` will take it from, leaving the saved data as it is.
    func stage(_ data: Data) throws -> StagedData

    /// Puts staged data in place of the saved data, in one step.
    func commit(_ staged: StagedData) throws

    /// Drops staged data that will not be committed.
    func discard(_ staged: StagedData)

    /// Moves the saved data aside, under a name of its own that nothing else uses, and returns
    /// that name: for data that cannot be read, kept for whoever wants to look at it.
    func setAside() throws -> String
}

/// Data written by ``PersistenceStorage/stage(_:)`` and not yet committed.
public struct StagedData: Sendable, Equatable {
    /// Where the storage put it: a file's path, a key.
    public let location: String

    /// Staged data at `location`.
    public init(location: String) {
        self.location = location
    }
}
