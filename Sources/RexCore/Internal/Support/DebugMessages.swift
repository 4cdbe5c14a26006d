#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What Rex says in debug builds about a mistake it can survive (an action for a feature whose
/// state is gone): written to standard error, and to whoever observes, which is how Rex's tests
/// read them.
package enum DebugMessages {
    private static let lock = Lock()
    nonisolated(unsafe) private static var observers: [UInt64: @Sendable (String) -> Void] = [:]  // guarded by `lock`
    nonisolated(unsafe) private static var nextKey: UInt64 = 0  // guarded by `lock`

    /// Writes `message` to standard error, prefixed with "Rex: ", and passes it to the observers.
    package static func report(_ message: String) {
        let text = "Rex: " + message
        let line = text + "\n"
        _ = line.utf8.withContiguousStorageIfAvailable { bytes in write(2, bytes.baseAddress, bytes.count) }
        let current = lock.withLock { Array(observers.values) }
        for observer in current {
            observer(text)
        }
    }

    /// Calls `body` with each message reported until the returned key is given to ``stopObserving(_:)``.
    package static func observe(_ body: @escaping @Sendable (String) -> Void) -> UInt64 {
        lock.withLock {
            defer { nextKey += 1 }
            observers[nextKey] = body
            return nextKey
        }
    }

    /// Stops the observer registered under `key`.
    package static func stopObserving(_ key: UInt64) {
        _ = lock.withLock { observers.removeValue(forKey: key) }
    }
}
