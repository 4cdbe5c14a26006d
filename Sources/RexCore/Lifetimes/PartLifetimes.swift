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
    // Inlinable, so that the app specializes it for its keys: run unspecialized, each check of a
    // turn looked up the dictionary's generic metadata several times (W14: 9,000 instructions
    // per edit).
    @usableFromInline let lock = Lock()
    // Unchecked exclusivity for `live` and `checkedVersion`: `lock` keeps their accesses apart,
    // and the run-time check of a class's stored property cost every check after a turn two
    // calls to `swift_beginAccess` (W14: about 170 instructions an edit).
    @usableFromInline @exclusivity(unchecked) var live: [Key: StateLifetime] = [:]
    /// How many lifetimes `live` holds, stored after each change of it (under the lock) and read
    /// without it: every action of every lift with lifetimes asks ``isEmpty``, which took the
    /// lock each time.
    @usableFromInline let liveCount = AtomicWord(0)
    /// For an identified array: the version of its history at the last check.
    @usableFromInline @exclusivity(unchecked) var checkedVersion: ChangeVersion?
    /// 1 once a store shows the lift's observer its committed states (see
    /// `CommittedStateObserving`): the observer then finds the departed parts after each
    /// reducer, and the lift's IO need not check.
    @usableFromInline let observed = AtomicWord(0)

    @usableFromInline
    init() {}

    /// Whether no part has a lifetime: nothing to check after a turn.
    @inlinable
    var isEmpty: Bool {
        liveCount.loadAcquiring() == 0
    }

    /// Whether a store observes the lift's committed states, so that its IO need not check.
    @inlinable
    var isObserved: Bool {
        observed.loadRelaxed() != 0
    }

    /// Says a store observes the lift: called by the observer, first when the store is made.
    @inlinable
    func noteObserved() {
        if observed.loadRelaxed() == 0 {
            observed.storeRelaxed(1)
        }
    }

    /// The lifetime of the part at `key`, nested in `parent`: the one it has, or a new one when
    /// it has none or its last one ended; an ended one when the part is absent, so that what
    /// starts for it stops at once.
    ///
    /// - Parameters:
    ///   - isPresent: Reads whether the part is in the store's live state.
    @inlinable
    func lifetime(for key: Key, within parent: StateLifetime?, isPresent: @escaping @Sendable () -> Bool) -> StateLifetime {
        guard isPresent() else {
            let ended = StateLifetime()
            ended.end()
            return ended
        }
        return lock.withLock {
            if let lifetime = live[key], !lifetime.wasEnded {
                return lifetime
            }
            let lifetime = StateLifetime(within: parent, isPresent: isPresent)
            live[key] = lifetime
            liveCount.storeReleasing(live.count)
            return lifetime
        }
    }

    /// Ends the lifetimes of the parts for which `isPresent` is false, checking every live key.
    ///
    /// - Complexity: O(*k*) calls of `isPresent` for *k* live lifetimes.
    @inlinable
    func endDeparted(isPresent: (Key) -> Bool) {
        var departed: [StateLifetime] = []
        lock.withLock {
            for key in Array(live.keys) {
                removeIfDeparted(key, isPresent: isPresent, into: &departed)
            }
        }
        end(departed)
    }

    /// Ends the lifetimes whose part is absent by the check each was made with (an optional's
    /// part, which may be absent, or present with another id).
    ///
    /// - Complexity: O(*k*) checks for *k* live lifetimes.
    @inlinable
    func endDepartedByTheirOwnCheck() {
        var departed: [StateLifetime] = []
        lock.withLock {
            for (key, lifetime) in live where !lifetime.partIsPresent {
                live[key] = nil
                departed.append(lifetime)
            }
            liveCount.storeReleasing(live.count)
        }
        end(departed)
    }

    /// Ends the lifetimes of the elements no longer in `array`, checking only the ids its change
    /// log names since the last check (every live id when the log cannot tell).
    ///
    /// - Complexity: O(*c*) for *c* changes since the last check; O(*k*) for *k* live
    ///   lifetimes when the array was made again (sorted, emptied) or changed more than its log
    ///   keeps.
    @inlinable
    func endDeparted<Element>(from array: IdentifiedArray<Key, Element>) {
        end(departed(from: array))
    }

    /// Lets go of the lifetimes of the elements no longer in `array`, as
    /// `endDeparted(from:)` of an array finds them, and returns them, to
    /// end later: what the store's observer does after each reducer, under the store's lock,
    /// where ending (which calls what was registered) must not run.
    ///
    /// - Complexity: as `endDeparted(from:)` of an array.
    @inlinable
    func departed<Element>(from array: IdentifiedArray<Key, Element>) -> [StateLifetime] {
        // The array is read only inside closures passed straight to their callee, never kept in
        // a local closure: one that captured it copied it (its references retained and
        // released), twice a check (W14: about 650 instructions a turn).
        var departed: [StateLifetime] = []
        lock.lock()
        defer { lock.unlock() }
        let version = array.changeVersion
        defer { checkedVersion = version }
        guard version != checkedVersion else { return departed }
        if let checkedVersion, array.forEachChange(since: checkedVersion, { change in
            // An element still where it changed (an edit in place) is there: no lookup of its
            // id, neither in the array nor among the lifetimes (W14: two hashes a turn).
            guard !array.holds(change.id, at: change.position) else { return }
            removeIfDeparted(change.id, isPresent: { array.contains(id: $0) }, into: &departed)
        }) {
            return departed
        }
        for key in Array(live.keys) {
            removeIfDeparted(key, isPresent: { array.contains(id: $0) }, into: &departed)
        }
        return departed
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

    /// Moves the lifetime of `key` to `departed` if its part is absent. Call with the lock held.
    ///
    /// (A lifetime that ended with its parent stays until its part goes, or `lifetime(for:)`
    /// replaces it: asking each whether it ended would take its lock at every check.)
    @inlinable
    func removeIfDeparted(_ key: Key, isPresent: (Key) -> Bool, into departed: inout [StateLifetime]) {
        guard let index = live.index(forKey: key), !isPresent(key) else { return }
        departed.append(live.values[index])
        live.remove(at: index)
        liveCount.storeReleasing(live.count)
    }

    /// Ends `departed`, outside the lock: ending calls what was registered.
    @inlinable
    func end(_ departed: [StateLifetime]) {
        for lifetime in departed {
            lifetime.end()
        }
    }
}

/// The key of the one part an optional lift runs for.
@usableFromInline
enum OnlyPart: Hashable, Sendable {
    case only
}

extension PartLifetimes {
    /// The IO of the part at `key`: ends the lifetimes of departed parts, then runs `io` with an
    /// output that carries the part's lifetime (``AnyActionHandler/lifetime``). For a pure `io`,
    /// only the check. Without `endDeparted` (the store's observer checks), only `io`. Ask only
    /// when `io` is not pure or not ``isEmpty`` (a lift that has only the check to run makes that
    /// IO itself, with one closure).
    ///
    /// - Parameters:
    ///   - isPresent: Whether the part is in the store's live state.
    @inlinable
    func run<Output>(
        _ io: IO<Output>,
        for key: Key,
        endDeparted: (@Sendable () -> Void)?,
        isPresent: @escaping @Sendable () -> Bool
    ) -> IO<Output> {
        guard !io.isPure else { return endDeparted.map { endDeparted in IO { _ in endDeparted() } } ?? io }
        return IO { [self] output in
            endDeparted?()
            io.run(output.with(lifetime: lifetime(for: key, within: output.lifetime, isPresent: isPresent)))
        }
    }
}
