import Foundation
import RexCore


/// A storage in memory, for tests: what was saved, and what was set aside, readable at once.
public final class InMemoryStorage: PersistenceStorage, @unchecked Sendable {  // every stored property is guarded by `lock`
    private let lock = Lock()
    private var saved: Data?
    private var staged: [String: Data] = [:]
    private var asides: [String: Data] = [:]
    private var nextName = 0

    /// A storage holding `data`, or nothing.
    public init(_ data: Data? = nil) {
        saved = data
    }

    /// What is saved now.
    public var data: Data? {
        get { lock.withLock { saved } }
        set { lock.withLock { saved = newValue } }
    }

    /// What was set aside, by the name ``setAside()`` gave it.
    public var setAsideData: [String: Data] {
        lock.withLock { asides }
    }

    /// The saved data.
    public func read() throws -> Data? {
        data
    }

    /// Keeps `data` under a new name until it is committed.
    public func stage(_ data: Data) throws -> StagedData {
        lock.withLock {
            nextName += 1
            staged["staged-\(nextName)"] = data
            return StagedData(location: "staged-\(nextName)")
        }
    }

    /// Makes the staged data the saved data.
    public func commit(_ staged: StagedData) throws {
        try lock.withLock {
            guard let data = self.staged.removeValue(forKey: staged.location) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: staged.location])
            }
            saved = data
        }
    }

    /// Drops the staged data.
    public func discard(_ staged: StagedData) {
        _ = lock.withLock { self.staged.removeValue(forKey: staged.location) }
    }

    /// Moves the saved data to ``setAsideData``, under a new name.
    public func setAside() throws -> String {
        lock.withLock {
            nextName += 1
            let name = "aside-\(nextName)"
            asides[name] = saved
            saved = nil
            return name
        }
    }
}
