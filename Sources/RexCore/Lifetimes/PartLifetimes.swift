/// The lifetimes of the parts of the state a lifted middleware runs for, by key: the elements of
/// a collection (by id or dictionary key), or the one part of an optional (``OnlyPart``).
///
/// A lifetime begins when the part's middleware first asks for an ``IO`` (it may start work
/// there), and ends in the IO phase of the first turn after which the part is gone. Checking
/// costs nothing while no lifetime is live; otherwise what the collection can tell changed: for
/// an ``IdentifiedArray``, the ids its change log names since the last check; for other
/// collections, every live key.
@usableFromInline
final class PartLifetimes<Key: Hashable & Sendable>: @unchecked Sendable {  // `live` and `checkedVersion` are guarded by `lock`
    private let lock = Lock()
    private var live: [Key: StateLifetime] = [:]
    /// For an identified array: the version of its history at the last check.
    private var checkedVersion: ChangeVersion?

    @usableFromInline
    init() {}

    /// Whether no part has a lifetime: nothing to check after a turn.
    @usableFromInline
    var isEmpty: Bool {
        lock.withLock { live.isEmpty }
    }

    /// The lifetime of the part at `key`, nested in `parent`: the one it has, or a new one when
    /// it has none or its last one ended; an ended one when the part is absent (`isPresent` is
    /// false), so that what starts for it stops at once.
    @usableFromInline
    func lifetime(for key: Key, within parent: StateLifetime?, isPresent: Bool) -> StateLifetime {
        guard isPresent else {
            let ended = StateLifetime()
            ended.end()
            return ended
        }
        return lock.withLock {
            if let lifetime = live[key], !lifetime.hasEnded {
                return lifetime
            }
            let lifetime = StateLifetime(within: parent)
            live[key] = lifetime
            return lifetime
        }
    }

    /// Ends the lifetimes of the parts for which `isPresent` is false, checking every live key.
    ///
    /// - Complexity: O(*k*) calls of `isPresent` for *k* live lifetimes.
    @usableFromInline
    func endDeparted(isPresent: (Key) -> Bool) {
        let departed = lock.withLock { removeDeparted(among: Array(live.keys), isPresent: isPresent) }
        for lifetime in departed {
            lifetime.end()
        }
    }

    /// Ends the lifetimes of the elements no longer in `array`, checking only the ids its change
    /// log names since the last check (every live id when the log cannot tell).
    ///
    /// - Complexity: O(*c*) for *c* changes since the last check; O(*k*) for *k* live
    ///   lifetimes when the array was made again (sorted, emptied) or changed more than its log
    ///   keeps.
    @usableFromInline
    func endDeparted<Element>(from array: IdentifiedArray<Key, Element>) {
        let departed: [StateLifetime] = lock.withLock {
            let version = array.changeVersion
            defer { checkedVersion = version }
            guard version != checkedVersion else { return [] }
            var changed: [Key] = []
            if let checkedVersion, array.forEachChange(since: checkedVersion, { change in
                if live[change.id] != nil { changed.append(change.id) }
            }) {
                return removeDeparted(among: changed) { array.contains(id: $0) }
            }
            return removeDeparted(among: Array(live.keys)) { array.contains(id: $0) }
        }
        for lifetime in departed {
            lifetime.end()
        }
    }

    /// Ends the lifetimes of the elements no longer in `elements`, each identified by `id`.
    ///
    /// - Complexity: O(*n* + *k*) for *n* elements and *k* live lifetimes.
    @inlinable
    func endDeparted<Elements: Collection>(from elements: Elements, id: (Elements.Element) -> Key) {
        guard !isEmpty else { return }
        let present = Set(elements.lazy.map(id))
        endDeparted { present.contains($0) }
    }

    /// Removes and returns the lifetimes among `keys` whose part is absent, or that ended with
    /// their parent. Call with the lock held.
    private func removeDeparted(among keys: [Key], isPresent: (Key) -> Bool) -> [StateLifetime] {
        var departed: [StateLifetime] = []
        for key in keys {
            guard let lifetime = live[key], lifetime.hasEnded || !isPresent(key) else { continue }
            live[key] = nil
            departed.append(lifetime)
        }
        return departed
    }
}

/// The key of the one part an optional lift runs for.
@usableFromInline
enum OnlyPart: Hashable, Sendable {
    case only
}

extension PartLifetimes {
    /// An IO that ends the lifetimes of departed parts, for a turn that runs no part's IO. Ask
    /// only when not ``isEmpty``: the closure it is given costs an allocation.
    @inlinable
    func departureCheck<Output>(_ endDeparted: @escaping @Sendable () -> Void) -> IO<Output> {
        IO { _ in endDeparted() }
    }

    /// The IO of the part at `key`: ends the lifetimes of departed parts, then runs `io` with an
    /// output that lives in the part's lifetime (see ``AnyActionHandler/living(in:while:)``).
    /// For a pure `io`, only the check. Ask only when `io` is not pure or not ``isEmpty``.
    ///
    /// - Parameters:
    ///   - isPresent: Whether the part is in the store's live state.
    @inlinable
    func run<Output>(
        _ io: IO<Output>,
        for key: Key,
        endDeparted: @escaping @Sendable () -> Void,
        isPresent: @escaping @Sendable () -> Bool
    ) -> IO<Output> {
        guard !io.isPure else { return departureCheck(endDeparted) }
        return IO { [self] output in
            endDeparted()
            let lifetime = lifetime(for: key, within: output.lifetime, isPresent: isPresent())
            io.run(output.living(in: lifetime, while: isPresent))
        }
    }
}
