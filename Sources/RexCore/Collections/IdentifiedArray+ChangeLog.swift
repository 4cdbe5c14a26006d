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
///
/// A log takes no room for changes until its first change, and then four slots, doubled as they
/// fill up to ``capacity``: most arrays (made, decoded, sorted or filtered, and changed a few
/// times or never) keep none or a few, where each kept 64 from its creation. The slots are in the
/// log's own allocation, after its header (a `ManagedBuffer`): a log continued on every turn (a
/// state kept after each) costs one allocation, where a log and its room cost two (W15: 7,177
/// instructions a turn → 7,014, one `malloc` and one `free` fewer). So a log never grows: a full
/// one is replaced by a larger copy (``record(_:at:in:)``), by the array that holds it alone.
///
/// Invariant (checked in debug builds after each change, ``checkInvariant()``): `start <= count`;
/// the log has `room` slots (`room` is 0, or a power of two from 4 to `capacity`), the last
/// `held = min(count - start, capacity)` changes initialized, change `n` in slot
/// `(n - start) % capacity`; `held <= room`. While `held < capacity`, that slot is `n - start`,
/// so a larger copy keeps each change in its slot. `deinit` deinitializes the `held` (through
/// `deinitializeChanges`, made by the initializers for the same `ID`).
@usableFromInline
final class ChangeLog<ID>: ManagedBuffer<ChangeLogHeader<ID>, ChangeLogEntry<ID>> {
    // Copy on write, as an array's storage: a log is changed only through the array value that
    // holds it alone (`IdentifiedArray.noteChange` checks `isKnownUniquelyReferenced` first),
    // and a value being changed is not being read or copied by another thread at that moment.
    // Anyone else reads a log only through a copy of the value, which makes it shared.

    /// One change: the id of the element, and its position at the change.
    @usableFromInline
    typealias Change = ChangeLogEntry<ID>

    /// How many ids a log keeps.
    @inlinable
    static var capacity: Int { 64 }

    /// How many of its parent's last changes a continuing log carries over.
    ///
    /// A copy is made between two notifications of a store (a kept state, a middleware's state
    /// before the action), and a row group asks for the changes since the last notification: those
    /// of one turn, or of one batch. A log continued on every turn (a state kept after each)
    /// copies these few rather than all it holds.
    @inlinable
    static var carried: Int { 16 }

    /// A log with `room` slots and this header, its changes still to be copied in.
    @inlinable
    static func make(room: Int, _ header: ChangeLogHeader<ID>) -> ChangeLog {
        // `create`, called on a subclass, makes an instance of that subclass.
        unsafeDowncast(create(minimumCapacity: room) { _ in header }, to: ChangeLog.self)
    }

    /// A log of a new history, with no room.
    @inlinable
    static func make() -> ChangeLog {
        let log = make(room: 0, ChangeLogHeader(lineage: ChangeLineage.next(), count: 0, start: 0, ancestors: ChangeAncestors(), room: 0))
        log.checkInvariant()
        return log
    }

    /// A log that continues `parent`, for an array value that stops sharing it: it knows the
    /// parent's last `carried` changes, and the changes before them are unknown to it.
    @inlinable
    static func make(continuing parent: ChangeLog) -> ChangeLog {
        let count = parent.count
        let carried = min(parent.held, Self.carried)
        let start = count - UInt64(carried)
        // Room for the change it is made to record too, so that it does not grow at once.
        let room = Self.room(for: carried + 1)
        let log = make(room: room, ChangeLogHeader(
            lineage: ChangeLineage.next(),
            count: count,
            start: start,
            ancestors: parent.ancestors.adding(parent.version),
            room: room,
            held: carried
        ))
        // Change `n` goes to slot `n - start`: the carried changes fill the first slots, in order.
        // In the parent they follow each other from the slot of `start`, in one run, or in two
        // where a full log wraps round: two plain loops over pointers (one loop asking
        // `change(_:)` for each cost W15 about 14 instructions a change, 16 changes a turn).
        if carried > 0 {
            let first = parent.slot(of: start)
            let firstRun = Swift.min(carried, parent.room - first)
            log.withUnsafeMutablePointerToElements { target in
                parent.withUnsafeMutablePointerToElements { source in
                    Self.copy(firstRun, from: source + first, to: target)
                    Self.copy(carried - firstRun, from: source, to: target + firstRun)
                }
            }
        }
        log.checkInvariant()
        return log
    }

    /// Initializes `count` changes at `target` with copies of those at `source`: a loop compiled
    /// for `ID`, where `initialize(from:count:)` copies through the runtime's value witnesses.
    ///
    /// - Complexity: O(`count`).
    @inlinable
    static func copy(_ count: Int, from source: UnsafeMutablePointer<Change>, to target: UnsafeMutablePointer<Change>) {
        for offset in 0..<count {
            (target + offset).initialize(to: source[offset])
        }
    }

    /// The room for `changes` changes: none for none, else a power of two from 4.
    @inlinable
    static func room(for changes: Int) -> Int {
        guard changes > 0 else { return 0 }
        var room = 4
        while room < changes {
            room *= 2
        }
        return room
    }

    deinit {
        // Compiled once for any `ID`: the header's function, made for the log's `ID`, finds and
        // deinitializes the changes without looking up the metadata of `Change` (W15u: 540
        // instructions for every log freed, one a turn, when `deinit` did it).
        // (Called inside: a function returned out of the generic closure would be wrapped in a
        // thunk, an allocation.)
        withUnsafeMutablePointerToHeader { $0.pointee.deinitializeChanges(self) }
    }

    /// Deinitializes the changes held: what `deinit` calls, through the header.
    @inlinable
    static func deinitializeChanges(of log: ChangeLog) {
        _ = log.withUnsafeMutablePointers { header, changes in
            changes.deinitialize(count: header.pointee.held)
        }
    }

    // The header is read and written through its pointer, never as `header`: a class's stored
    // property is checked for exclusive access at run time.

    /// The lineage: a number no other log has.
    @inlinable
    var lineage: UInt64 {
        withUnsafeMutablePointerToHeader { $0.pointee.lineage }
    }

    /// The number of the last change, counted from the first log of the lineage chain.
    @inlinable
    var count: UInt64 {
        withUnsafeMutablePointerToHeader { $0.pointee.count }
    }

    /// The count of the chain's first log when it began: the changes up to it are unknown.
    @inlinable
    var start: UInt64 {
        withUnsafeMutablePointerToHeader { $0.pointee.start }
    }

    /// The logs this one continues, each with its count when it was copied, nearest first.
    @inlinable
    var ancestors: ChangeAncestors {
        withUnsafeMutablePointerToHeader { $0.pointee.ancestors }
    }

    /// How many changes the log has room for.
    @inlinable
    var room: Int {
        withUnsafeMutablePointerToHeader { $0.pointee.room }
    }

    /// How many changes are held: `min(count - start, capacity)`.
    @inlinable
    var held: Int {
        withUnsafeMutablePointerToHeader { $0.pointee.held }
    }

    /// The slot of change `number`, which this log holds.
    @inlinable
    func slot(of number: UInt64) -> Int {
        Self.slot(of: number, start: start)
    }

    /// The slot of change `number` in a log whose changes start after `start`.
    @inlinable
    static func slot(of number: UInt64, start: UInt64) -> Int {
        Int(truncatingIfNeeded: (number - start) % UInt64(capacity))
    }

    /// Change `number`, which this log holds.
    @inlinable
    func change(_ number: UInt64) -> Change {
        let slot = slot(of: number)
        return withUnsafeMutablePointerToElements { $0[slot] }
    }

    /// This log's current version.
    @inlinable
    var version: ChangeVersion {
        withUnsafeMutablePointerToHeader { ChangeVersion(lineage: $0.pointee.lineage, count: $0.pointee.count) }
    }

    /// Notes that the element with this id changed (or was added or removed) at `position`, in
    /// `log`, which is replaced first by a larger copy when its room is full. Call only with a
    /// `log` no one else holds.
    @inlinable
    static func record(_ id: ID, at position: Int, in log: inout ChangeLog) {
        let (held, room) = log.withUnsafeMutablePointerToHeader { ($0.pointee.held, $0.pointee.room) }
        if held < Self.capacity {
            if held == room {
                enlarge(&log)
            }
            // Filling: change `count` goes to slot `held` (`count - start`).
            log.withUnsafeMutablePointers { header, changes in
                (changes + held).initialize(to: Change(id: id, position: position))
                header.pointee.held = held + 1
                header.pointee.count &+= 1
            }
        } else {
            log.withUnsafeMutablePointers { header, changes in
                let count = header.pointee.count
                changes[Self.slot(of: count, start: header.pointee.start)] = Change(id: id, position: position)
                header.pointee.count = count &+ 1
            }
        }
        log.checkInvariant()
    }

    /// Replaces `log` by a larger copy: out of line, so that a change that finds room (nearly
    /// every one) saves no registers for it.
    @usableFromInline @inline(never)
    static func enlarge(_ log: inout ChangeLog) {
        log = log.larger()
    }

    /// A copy of this log, of the same lineage, with twice the room (four slots the first time)
    /// and its changes moved to the same slots; this log is left holding none.
    @usableFromInline
    func larger() -> ChangeLog {
        let room = Swift.max(self.room * 2, 4)
        return withUnsafeMutablePointers { header, changes in
            var copied = header.pointee
            copied.room = room
            let larger = ChangeLog.make(room: room, copied)
            larger.withUnsafeMutablePointerToElements { $0.moveInitialize(from: changes, count: header.pointee.held) }
            header.pointee.held = 0
            return larger
        }
    }

    /// Stops a debug build whose log breaks its invariant.
    @inlinable
    func checkInvariant() {
        withUnsafeMutablePointerToHeader { header in
            let (start, count, held, room) = (header.pointee.start, header.pointee.count, header.pointee.held, header.pointee.room)
            assert(start <= count && held == Int(min(count - start, UInt64(Self.capacity))), "ChangeLog: \(held) changes held for changes \(start) to \(count)")
            assert(held <= room && (room == 0 || (room >= 4 && room <= Self.capacity && room & (room - 1) == 0)), "ChangeLog: \(held) changes held in room for \(room)")
        }
    }

    /// Calls `body` with every change after `version`, oldest first, and returns `true`;
    /// returns `false`, calling nothing, when the log cannot tell which changed.
    @inlinable
    func forEachChange(since version: ChangeVersion, _ body: (Change) -> Void) -> Bool {
        guard version.lineage == lineage || ancestors.contains(version) else {
            return false
        }
        let count = count
        guard version.count >= start, version.count <= count, count - version.count <= UInt64(held) else {
            return false
        }
        var number = version.count
        while number < count {
            body(change(number))
            number += 1
        }
        return true
    }
}

/// One change of a ``ChangeLog``: the id of the element, and its position at the change, which
/// later changes may have moved (a guess, for whoever looks for the element again).
///
/// A struct rather than a tuple: the metadata of a tuple of a generic type was looked up at run
/// time each time a log was made (W15: about 200 instructions a turn).
@usableFromInline
struct ChangeLogEntry<ID> {
    @usableFromInline
    let id: ID
    @usableFromInline
    let position: Int

    @inlinable
    init(id: ID, position: Int) {
        self.id = id
        self.position = position
    }
}

/// What a ``ChangeLog`` keeps before its changes.
@usableFromInline
struct ChangeLogHeader<ID> {
    @usableFromInline
    let lineage: UInt64
    @usableFromInline
    var count: UInt64
    @usableFromInline
    let start: UInt64
    @usableFromInline
    let ancestors: ChangeAncestors
    @usableFromInline
    var room: Int
    @usableFromInline
    var held: Int
    /// Deinitializes the changes a log holds: what its `deinit` calls. Made here, compiled for
    /// the app's `ID`.
    @usableFromInline
    let deinitializeChanges: (ChangeLog<ID>) -> Void

    /// A header of a log with `room` slots, the first `held` of them to be initialized.
    @inlinable
    init(lineage: UInt64, count: UInt64, start: UInt64, ancestors: ChangeAncestors, room: Int, held: Int = 0) {
        self.lineage = lineage
        self.count = count
        self.start = start
        self.ancestors = ancestors
        self.room = room
        self.held = held
        deinitializeChanges = { log in ChangeLog.deinitializeChanges(of: log) }
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

/// The versions of the logs a change log continues, nearest first: four at most, kept inline so
/// that continuing a log (once per kept copy that is then changed) allocates nothing for them.
@usableFromInline
struct ChangeAncestors: Sendable {
    /// The versions, nearest first; lineage 0 (no log's) where there is none.
    @usableFromInline
    var versions: (ChangeVersion, ChangeVersion, ChangeVersion, ChangeVersion)

    /// No ancestors.
    @inlinable
    init() {
        let none = ChangeVersion(lineage: 0, count: 0)
        versions = (none, none, none, none)
    }

    /// These ancestors with `version` before them, the farthest dropped when there are four.
    @inlinable
    func adding(_ version: ChangeVersion) -> ChangeAncestors {
        var added = self
        added.versions = (version, versions.0, versions.1, versions.2)
        return added
    }

    /// Whether `version` is a point of an ancestor's history up to where this chain continued it.
    @inlinable
    func contains(_ version: ChangeVersion) -> Bool {
        func continues(_ ancestor: ChangeVersion) -> Bool {
            ancestor.lineage != 0 && ancestor.lineage == version.lineage && version.count <= ancestor.count
        }
        return continues(versions.0) || continues(versions.1) || continues(versions.2) || continues(versions.3)
    }
}

/// Hands out lineage numbers, each once in the life of the process: an atomic counter (it was a
/// process-wide lock, taken for every new log: each array made, sorted or emptied, and each kept
/// copy's first change).
@usableFromInline
enum ChangeLineage {
    private static let last = AtomicWord(0)

    /// A number no log has had.
    @usableFromInline
    static func next() -> UInt64 {
        UInt64(truncatingIfNeeded: last.incrementRelaxed())
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
            log = ChangeLog.make(continuing: log)
            values.shareInChunks()
        }
        ChangeLog.record(id, at: position, in: &log)
    }

    /// Calls `body` with each change after `version` (see ``ChangeLog``); returns `false` when
    /// this array cannot tell which elements changed since then.
    @inlinable
    func forEachChange(since version: ChangeVersion, _ body: (ChangeLog<ID>.Change) -> Void) -> Bool {
        log.forEachChange(since: version, body)
    }

    /// The positions whose elements changed since `earlier`, a past state of this array, in
    /// increasing order, when this array's log tells them and no element changed place (see
    /// ``forEachPositionChanged(since:_:)``); `nil` otherwise.
    ///
    /// What lets a field diff of two states of one history find the changed elements from the
    /// log rather than by comparing chunks.
    ///
    /// - Complexity: O(the changes since `earlier`), at most ``ChangeLog/capacity``.
    func positionsChanged(since earlier: IdentifiedArray) -> [Int]? {
        var positions: [Int] = []
        guard forEachPositionChanged(since: earlier, { positions.append($0) }) else { return nil }
        if positions.count < 2 { return positions }
        var unique: [Int] = []
        for position in positions.sorted() where unique.last != position {
            unique.append(position)
        }
        return unique
    }

    /// Calls `body` with the position of each change since `earlier`, a past state of this
    /// array, oldest first (a position changed twice comes twice), and returns `true`, when this
    /// array's log tells them and no element changed place: the two hold as many elements, and
    /// each element changed is at the position of its change in both. Returns `false`
    /// otherwise (the log cannot tell, or elements were added, removed or moved), once `body`
    /// may have been called for some of the changes.
    ///
    /// Every change of an element, insertion, removal and swap is in the log (an array rebuilt
    /// whole starts a new history), so an element that is in no change kept its place and its
    /// value, unless elements were added, removed or moved, and each of those leaves a change
    /// whose element is not where it was.
    ///
    /// - Complexity: O(the changes since `earlier`), at most ``ChangeLog/capacity``.
    @inlinable
    func forEachPositionChanged(since earlier: IdentifiedArray, _ body: (Int) -> Void) -> Bool {
        // (`values.count`, not `count`: in code not specialized for the element type, the
        // collection's `count` is a distance measured through the protocol's witnesses.)
        guard values.count == earlier.values.count else { return false }
        var inPlace = true
        let told = forEachChange(since: earlier.changeVersion) { change in
            if inPlace && holds(change.id, at: change.position) && earlier.holds(change.id, at: change.position) {
                body(change.position)
            } else {
                inPlace = false
            }
        }
        return told && inPlace
    }
}

extension IdentifiedArray where Element: Equatable {
    /// Whether this array and `earlier`, a past state of it, hold equal elements, when this
    /// array's log tells which elements may differ (see ``forEachPositionChanged(since:_:)``):
    /// only those are compared. `nil` when the log cannot tell.
    ///
    /// What makes `==` of a state and a kept copy of it (undo's check that an action changed its
    /// part, a de-duplicating subscriber, a persisted part) cost what changed between them,
    /// rather than a walk of the chunks they do not share.
    ///
    /// - Complexity: O(the changes since `earlier`), at most ``ChangeLog/capacity``.
    @inlinable
    func equalsByLog(_ earlier: IdentifiedArray) -> Bool? {
        var equal = true
        let told = forEachPositionChanged(since: earlier) { position in
            if equal && !values.elementEquals(at: position, in: earlier.values) {
                equal = false
            }
        }
        return told ? equal : nil
    }
}
