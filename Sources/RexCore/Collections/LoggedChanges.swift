/// The history of one identified array value: the change log it shares with its copies, and how
/// many of the log's changes are its own (see ``ChangeLog``).
///
/// Invariant (checked in debug builds after each change): `log.start <= count <= log.written`.
@usableFromInline
struct LoggedChanges<ID> {
    /// The log, shared with the value's copies; a copy that changes writes into it while it can
    /// claim the next number, and continues in a new log otherwise.
    @usableFromInline
    var log: ChangeLog<ID>
    /// How many of the log's changes (and its ancestors') are this value's: its changes are
    /// numbered below it.
    @usableFromInline
    var count: UInt64

    /// The history of a new array: a new log, no change.
    @inlinable
    init() {
        log = ChangeLog.make()
        count = 0
    }

    /// The point this value has reached in its history.
    @inlinable
    var version: ChangeVersion {
        ChangeVersion(lineage: log.lineage, count: count)
    }

    /// Records that the element `id`, at `position`, changed; returns whether the log was shared,
    /// a sign that a copy of the array may be alive.
    ///
    /// Held alone, the log takes the change if this value wrote its last one. Shared, it takes
    /// it if no copy has written past this value's count and it has a free slot. Otherwise the
    /// value continues in a new log (``ChangeLog/make(continuing:at:)``).
    @inlinable
    mutating func record(_ id: ID, at position: Int) -> Bool {
        let shared = !isKnownUniquelyReferenced(&log)
        if !shared && log.isWrittenUpTo(count) {
            ChangeLog.record(id, at: position, in: &log, count: count)
        } else {
            recordElsewhere(id, at: position, shared: shared)
        }
        count &+= 1
        checkInvariant()
        return shared
    }

    /// Records the change, as change number `count`, into the shared log if this value can
    /// claim its next slot, and otherwise into a new log that continues it. Out of line: the
    /// path of an array changed with no copy kept (W8) stays short.
    @inlinable @inline(never)
    mutating func recordElsewhere(_ id: ID, at position: Int, shared: Bool) {
        guard !shared || !log.claim(id, at: position, count: count) else { return }
        log = ChangeLog.make(continuing: log, at: count)
        ChangeLog.record(id, at: position, in: &log, count: count)
    }

    /// Calls `body` with each change of this value's history after `version`; returns `false`,
    /// calling nothing, when the log cannot tell them (see ``ChangeLog/forEachChange(since:upTo:_:)``).
    @inlinable
    func forEachChange(since version: ChangeVersion, _ body: (ChangeLog<ID>.Change) -> Void) -> Bool {
        log.forEachChange(since: version, upTo: count, body)
    }

    /// Stops a debug build if the invariant in the type's comment does not hold.
    @inlinable
    func checkInvariant() {
        // (In debug builds only: the atomic read of `written` would stay in a release build.)
        #if DEBUG
        assert(log.start <= count && count <= log.written, "LoggedChanges: change \(count) of a log holding \(log.start) to \(log.written)")
        #endif
    }
}
