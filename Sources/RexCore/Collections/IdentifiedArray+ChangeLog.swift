/// The recent history of an identified array: which ids it changed, numbered, and where.
///
/// What lets a store's row projections look only at the rows whose element changed: a row group
/// remembers the ``ChangeVersion`` of the array it last saw, and asks the array's log for the ids
/// changed since then. When the log cannot tell (too many changes, or an array of another
/// history), the group compares every row, as any projection would.
///
/// Versions are never confused: a log has a lineage number no other log has, and a log is
/// changed only by the one array value that holds it alone. An array whose log is shared (a copy
/// was made) continues in a new log, made from a copy of the old one, that names the old one as
/// its ancestor. A version of an ancestor up to the copy is then a version of this array's past.
@usableFromInline
final class ChangeLog<ID>: @unchecked Sendable {
    // Copy on write, as an array's storage: a log is changed only through the array value that
    // holds it alone (`IdentifiedArray.noteChange` checks `isKnownUniquelyReferenced` first),
    // and a value being changed is not being read or copied by another thread at that moment.
    // Anyone else reads a log only through a copy of the value, which makes it shared.

    /// One change: the id of the element, and its position at the change, which later changes
    /// may have moved (a guess, for whoever looks for the element again).
    @usableFromInline
    typealias Change = (id: ID, position: Int)

    /// How many ids a log keeps.
    @inlinable
    static var capacity: Int { 64 }

    @usableFromInline
    let lineage: UInt64
    /// The number of the last change, counted from the first log of the lineage chain.
    @usableFromInline @exclusivity(unchecked)
    var count: UInt64
    /// The count of the chain's first log when it began: the changes up to it are unknown.
    @usableFromInline
    let start: UInt64
    /// The logs this one continues, each with its count when it was copied, nearest first.
    @usableFromInline
    let ancestors: [ChangeVersion]
    /// The last changes, in room for `capacity`, the first `held` initialized: change `n` at
    /// `(n - start - 1) % capacity`. Memory of its own rather than an array, so that recording a
    /// change (on every change of an element) checks no array's uniqueness.
    @usableFromInline
    let recent: UnsafeMutablePointer<Change>
    /// How many of `recent` are initialized: `min(count - start, capacity)`.
    @usableFromInline @exclusivity(unchecked)
    var held: Int

    /// A log of a new history.
    @usableFromInline
    init() {
        lineage = ChangeLineage.next()
        count = 0
        start = 0
        ancestors = []
        recent = .allocate(capacity: Self.capacity)
        held = 0
    }

    /// A log that continues `parent`, for an array value that stops sharing it.
    @usableFromInline
    init(continuing parent: ChangeLog) {
        lineage = ChangeLineage.next()
        count = parent.count
        start = parent.start
        // A few are enough: a copy made between two notifications of a store is one.
        ancestors = [parent.version] + parent.ancestors.prefix(3)
        recent = .allocate(capacity: Self.capacity)
        recent.initialize(from: parent.recent, count: parent.held)
        held = parent.held
    }

    deinit {
        recent.deinitialize(count: held)
        recent.deallocate()
    }

    /// This log's current version.
    @inlinable
    var version: ChangeVersion {
        ChangeVersion(lineage: lineage, count: count)
    }

    /// Notes that the element with this id changed (or was added or removed) at `position`.
    @inlinable
    func record(_ id: ID, at position: Int) {
        let slot = Int(truncatingIfNeeded: (count &- start) % UInt64(Self.capacity))
        if held < Self.capacity {
            (recent + slot).initialize(to: (id, position))
            held += 1
        } else {
            recent[slot] = (id, position)
        }
        count &+= 1
    }

    /// Calls `body` with every change after `version`, oldest first, and returns `true`;
    /// returns `false`, calling nothing, when the log cannot tell which changed.
    @inlinable
    func forEachChange(since version: ChangeVersion, _ body: (Change) -> Void) -> Bool {
        guard version.lineage == lineage || ancestors.contains(where: { $0.lineage == version.lineage && version.count <= $0.count }) else {
            return false
        }
        guard version.count >= start, version.count <= count, count - version.count <= UInt64(held) else {
            return false
        }
        var number = version.count
        while number < count {
            body(recent[Int(truncatingIfNeeded: (number - start) % UInt64(Self.capacity))])
            number += 1
        }
        return true
    }
}

/// A point in the history of an identified array: its log's lineage and count of changes.
@usableFromInline
struct ChangeVersion: Equatable, Sendable {
    @usableFromInline
    let lineage: UInt64
    @usableFromInline
    let count: UInt64

    @inlinable
    init(lineage: UInt64, count: UInt64) {
        self.lineage = lineage
        self.count = count
    }
}

/// Hands out lineage numbers, each once in the life of the process.
@usableFromInline
enum ChangeLineage {
    private static let lock = Lock()
    nonisolated(unsafe) private static var last: UInt64 = 0  // guarded by `lock`

    /// A number no log has had.
    @usableFromInline
    static func next() -> UInt64 {
        lock.withLock {
            last += 1
            return last
        }
    }
}

extension IdentifiedArray {
    /// The version of this array's history, for row projections.
    @inlinable
    var changeVersion: ChangeVersion {
        log.version
    }

    /// Notes that the element with this id, at `position`, changed, was added or was removed;
    /// called before every change of the elements.
    ///
    /// A shared log means that a copy of this array may still be alive (a kept state): the
    /// elements move into chunks then, so that this change and the next copy only what they
    /// touch (see ``ElementStorage``).
    @inlinable
    mutating func noteChange(_ id: ID, at position: Int) {
        if !isKnownUniquelyReferenced(&log) {
            log = ChangeLog(continuing: log)
            values.shareInChunks()
        }
        log.record(id, at: position)
    }

    /// Calls `body` with each change after `version` (see ``ChangeLog``); returns `false` when
    /// this array cannot tell which elements changed since then.
    @inlinable
    func forEachChange(since version: ChangeVersion, _ body: (ChangeLog<ID>.Change) -> Void) -> Bool {
        log.forEachChange(since: version, body)
    }
}
