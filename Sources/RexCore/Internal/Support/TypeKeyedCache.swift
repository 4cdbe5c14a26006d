/// Values kept per type for the life of the process, made the first time a type is asked for.
final class TypeKeyedCache<Entry>: @unchecked Sendable {  // `byType` is guarded by `lock`
    private let lock = Lock()
    private var byType: [ObjectIdentifier: Entry] = [:]

    /// The entry for `type`, made by `make` if there is none yet. (`make` runs outside the lock:
    /// two threads may both make the first entry of a type, and one is kept.)
    ///
    /// - Complexity: A dictionary look-up under a lock, and `make` the first time.
    func value(for type: Any.Type, make: () -> Entry) -> Entry {
        let key = ObjectIdentifier(type)
        if let known = lock.withLock({ byType[key] }) {
            return known
        }
        let made = make()
        return lock.withLock {
            if let known = byType[key] { return known }
            byType[key] = made
            return made
        }
    }
}
