import RexAtomics

/// The recent history of an identified array: which ids it changed, numbered, and where.
///
/// What lets a store's row projections look only at the rows whose element changed: a row group
/// remembers the ``ChangeVersion`` of the array it last saw, and asks the array's log for the ids
/// changed since then. When the log cannot tell (too many changes, or an array of another
/// history), the group compares every row, as any projection would.
///
/// An array value holds a log and its own count of changes (``LoggedChanges``): the changes
/// numbered below its count are its history. Copies of an array (a kept state and the live one)
/// share a log, each with its count. A value that changes writes its change into the log it
/// shares when no value has written past its count and the log has a free slot: it claims the
/// next number with an atomic compare-and-swap of `written`, so that of two copies changed at
/// once on two threads only one writes there. Otherwise it continues in a new log, made from a
/// copy of the old one's last changes, that names the old one as its ancestor; a version of an
/// ancestor up to the copy is then a version of this array's past. A value whose count is below
/// `written` continues in a new log even when it holds the old one alone: a number, once written,
/// names one change for ever, so a version (a lineage and a count) names one history, and a row
/// group that saw it is never told "nothing changed" about another.
///
/// A log takes no room for changes until its first change, and then four slots, doubled as they
/// fill up to ``capacity``: most arrays (made, decoded, sorted or filtered, and changed a few
/// times or never) keep none or a few, where each kept 64 from its creation. The slots are in the
/// log's own allocation, after its header (a `ManagedBuffer`): a log and its room in two
/// allocations cost W15 163 instructions a turn more (7,177 → 7,014), when a log was made every
/// turn. So a log never grows: a full one is replaced by a larger copy
/// (``record(_:at:in:count:)``), by the array that holds it alone. A
/// continuing log has the full capacity at once: an array continued because a copy was kept is
/// likely to be kept again (a state kept after every turn), and its next changes are then
/// written into the log its copies share, one new log every `capacity - carried` changes rather
/// than one a change (W15: 6,186 instructions a turn → 5,651).
///
/// Invariant (checked in debug builds after each change, ``checkInvariant()``): `start <=
/// written`; the log has `room` slots (`room` is 0, or a power of two from 4 to `capacity`), the
/// last `held = min(written - start, capacity)` changes initialized, change `n` in slot
/// `(n - start) % capacity`; `held <= room`. While `held < capacity`, that slot is `n - start`,
/// so a larger copy keeps each change in its slot. A log goes round its slots only in the hands
/// of the one value that holds it, and is never written by a value that shares it afterwards
/// (its count is past the room). `deinit` deinitializes the `held` (through
/// `deinitializeChanges`, made by the initializers for the same `ID`).
///
/// Threads: `written` is read and changed atomically, the header's other fields only when the
/// log is made. A value reads the slots of the numbers below its count only, written before the
/// value was made (by itself, or by the value it was copied from, whose copy orders them); it
/// writes only the slot of the number it claimed, which no value has read, or, holding the log
/// alone and having written its last change (``isWrittenUpTo(_:)``, whose fence orders the
/// claims of copies released on other threads before that check), any slot.
@usableFromInline
final class ChangeLog<ID>: ManagedBuffer<ChangeLogHeader<ID>, ChangeLogEntry<ID>> {
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
    /// of one turn, or of one batch. A log continued on every turn copies these few rather than
    /// all it holds.
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
        let log = make(room: 0, ChangeLogHeader(written: 0, lineage: ChangeLineage.next(), start: 0, ancestors: ChangeAncestors(), room: 0))
        log.checkInvariant()
        return log
    }

    /// A log that continues `parent` for an array value whose history is the parent's first
    /// `count` changes, and that stops sharing it: it knows the last `carried` of them, and the
    /// changes before them are unknown to it.
    @inlinable
    static func make(continuing parent: ChangeLog, at count: UInt64) -> ChangeLog {
        let carried = min(parent.held(at: count), Self.carried)
        let start = count - UInt64(carried)
        let room = Self.capacity
        let log = make(room: room, ChangeLogHeader(
            written: count,
            lineage: ChangeLineage.next(),
            start: start,
            ancestors: parent.ancestors.adding(ChangeVersion(lineage: parent.lineage, count: count)),
            room: room
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

    deinit {
        // Compiled once for any `ID`: the header's function, made for the log's `ID`, finds and
        // deinitializes the changes without looking up the metadata of `Change` (W15u: 540
        // instructions for every log freed, one a turn, when `deinit` did it).
        // (Called inside: a function returned out of the generic closure would be wrapped in a
        // thunk, an allocation.)
        withUnsafeMutablePointerToHeader { $0.pointee.deinitializeChanges(self) }
    }

    /// Deinitializes the changes `log` holds; what `deinitializeChanges` calls.
    @inlinable
    static func deinitializeChanges(of log: ChangeLog) {
        let held = log.held
        log.withUnsafeMutablePointerToElements { changes in
            _ = changes.deinitialize(count: held)
        }
    }

    // The header is read and written through its pointer, never as `header`: a class's stored
    // property is checked for exclusive access at run time.

    /// The log's number, which no other log has.
    @inlinable
    var lineage: UInt64 {
        withUnsafeMutablePointerToHeader { $0.pointee.lineage }
    }

    /// How many changes were written into this log and its ancestors: the number the next one
    /// written takes.
    @inlinable
    var written: UInt64 {
        withUnsafeMutablePointerToHeader { rex_atomic_load_u64_relaxed($0.pointer(to: \.written)!) }
    }

    /// The number of the first change the log knows; those before are its ancestors'.
    @inlinable
    var start: UInt64 {
        withUnsafeMutablePointerToHeader { $0.pointee.start }
    }

    /// The versions of the logs this one continues, the nearest first.
    @inlinable
    var ancestors: ChangeAncestors {
        withUnsafeMutablePointerToHeader { $0.pointee.ancestors }
    }

    /// How many slots the log has.
    @inlinable
    var room: Int {
        withUnsafeMutablePointerToHeader { $0.pointee.room }
    }

    /// Whether the log's changes are exactly the first `count`, asked by an array value that has
    /// just found it holds the log alone (`isKnownUniquelyReferenced`).
    ///
    /// After an acquiring fence: a copy that claimed a number on another thread, then was
    /// released, released its reference with release ordering, but the check of the reference
    /// count reads it with none on some platforms (arm64), so without the fence `written` could
    /// be read as it was before the claim, and the slot written twice.
    @inlinable
    func isWrittenUpTo(_ count: UInt64) -> Bool {
        rex_atomic_fence_acquire()
        return written == count
    }

    /// How many of the changes before number `count` the log still holds.
    @inlinable
    func held(at count: UInt64) -> Int {
        Int(truncatingIfNeeded: Swift.min(count &- start, UInt64(Self.capacity)))
    }

    /// How many changes the log holds, initialized in its slots.
    @inlinable
    var held: Int {
        held(at: written)
    }

    /// The slot of change `number`.
    @inlinable
    func slot(of number: UInt64) -> Int {
        Self.slot(of: number, start: start)
    }

    /// The slot of change `number` in a log whose first change is `start`.
    @inlinable
    static func slot(of number: UInt64, start: UInt64) -> Int {
        Int(truncatingIfNeeded: (number - start) % UInt64(capacity))
    }

    /// Change `number`, which the log holds.
    @inlinable
    func change(_ number: UInt64) -> Change {
        let slot = slot(of: number)
        return withUnsafeMutablePointerToElements { $0[slot] }
    }

    /// Records that the element `id`, at `position`, changed, as change number `count`, in a
    /// log that an array value holds alone and whose changes it wrote all (`count == written`):
    /// in the next slot while there is room, in a larger copy when the room is full, over the
    /// oldest change once the log holds `capacity`.
    @inlinable
    static func record(_ id: ID, at position: Int, in log: inout ChangeLog, count: UInt64) {
        assert(count == log.written, "ChangeLog: change \(count) recorded where \(log.written) were written")
        let held = log.held(at: count)
        if held < Self.capacity {
            if held == log.room {
                enlarge(&log)
            }
            // Filling: change `count` goes to slot `held` (`count - start`).
            log.withUnsafeMutablePointerToElements { changes in
                (changes + held).initialize(to: Change(id: id, position: position))
            }
        } else {
            let slot = log.slot(of: count)
            log.withUnsafeMutablePointerToElements { changes in
                changes[slot] = Change(id: id, position: position)
            }
        }
        log.store(written: count &+ 1)
        log.checkInvariant()
    }

    /// Writes that the element `id`, at `position`, changed, as change number `count`, for an
    /// array value that shares the log and whose history is its first `count` changes; returns
    /// `false`, writing nothing, when another value wrote change `count` first or the log has
    /// no free slot for it.
    @inlinable
    func claim(_ id: ID, at position: Int, count: UInt64) -> Bool {
        let slot = count &- start
        // Past the room, the log is full or has gone round: its slots are read by the values
        // that share it.
        guard slot < UInt64(room) else { return false }
        let claimed = withUnsafeMutablePointerToHeader { header in
            rex_atomic_exchange_u64_relaxed(header.pointer(to: \.written)!, count, count &+ 1)
        }
        guard claimed else { return false }
        // The slot is free: `written` was `count`, and the slot is within the room, so the log
        // has not gone round.
        withUnsafeMutablePointerToElements { changes in
            (changes + Int(truncatingIfNeeded: slot)).initialize(to: Change(id: id, position: position))
        }
        checkInvariant()
        return true
    }

    /// Sets `written`, in a log an array value holds alone.
    @inlinable
    func store(written: UInt64) {
        withUnsafeMutablePointerToHeader { header in
            rex_atomic_store_u64_relaxed(header.pointer(to: \.written)!, written)
        }
    }

    /// Replaces `log`, whose room is full, with a larger copy: out of line, so that a change that
    /// finds room (nearly every one) saves no registers for it.
    @usableFromInline @inline(never)
    static func enlarge(_ log: inout ChangeLog) {
        log = log.larger()
    }

    /// A copy of the log with twice the room (four slots for one with none), its changes moved
    /// in, in the same slots; this log is left holding none.
    @usableFromInline
    func larger() -> ChangeLog {
        let room = Swift.max(self.room * 2, 4)
        let held = held
        let larger = withUnsafeMutablePointerToHeader { header in
            var copied = header.pointee
            copied.room = room
            return ChangeLog.make(room: room, copied)
        }
        larger.withUnsafeMutablePointerToElements { target in
            withUnsafeMutablePointerToElements { source in
                target.moveInitialize(from: source, count: held)
            }
        }
        store(written: start)
        return larger
    }

    /// Stops a debug build if the invariant in the type's comment does not hold.
    @inlinable
    func checkInvariant() {
        #if DEBUG
        let (start, written, room, held) = (start, written, room, held)
        assert(start <= written, "ChangeLog: \(written) changes written from \(start)")
        assert(held <= room && (room == 0 || (room >= 4 && room <= Self.capacity && room & (room - 1) == 0)), "ChangeLog: \(held) changes held in room for \(room)")
        #endif
    }

    /// Calls `body` with each change from `version` up to number `count`, oldest first, for an
    /// array value whose history is the log's first `count` changes; returns `false`, calling
    /// nothing, when the log cannot tell them: `version` is of another history, or its changes
    /// are no longer held.
    @inlinable
    func forEachChange(since version: ChangeVersion, upTo count: UInt64, _ body: (Change) -> Void) -> Bool {
        guard version.lineage == lineage || ancestors.contains(version) else {
            return false
        }
        guard version.count >= start, version.count <= count, count - version.count <= UInt64(held(at: count)) else {
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
    /// How many changes were written, read and changed atomically (see ``ChangeLog``).
    @usableFromInline
    var written: UInt64
    @usableFromInline
    let lineage: UInt64
    @usableFromInline
    let start: UInt64
    @usableFromInline
    let ancestors: ChangeAncestors
    @usableFromInline
    var room: Int
    /// Deinitializes the changes a log holds: what its `deinit` calls. Made here, compiled for
    /// the app's `ID`.
    @usableFromInline
    let deinitializeChanges: (ChangeLog<ID>) -> Void

    /// A header of a log with `room` slots, whose changes from `start` to `written` are to be
    /// initialized.
    @inlinable
    init(written: UInt64, lineage: UInt64, start: UInt64, ancestors: ChangeAncestors, room: Int) {
        self.written = written
        self.lineage = lineage
        self.start = start
        self.ancestors = ancestors
        self.room = room
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
        changes.version
    }

    /// Notes that the element with this id, at `position`, changed, was added or was removed;
    /// called before every change of the elements.
    ///
    /// A shared log means that a copy of this array may still be alive (a kept state): the
    /// elements move into chunks then, so that this change and the next copy only what they
    /// touch (see ``ElementStorage``).
    @inlinable
    mutating func noteChange(_ id: ID, at position: Int) {
        if changes.record(id, at: position) {
            values.shareInChunks()
        }
    }

    /// Calls `body` with each change after `version` (see ``ChangeLog``); returns `false` when
    /// this array cannot tell which elements changed since then.
    @inlinable
    func forEachChange(since version: ChangeVersion, _ body: (ChangeLog<ID>.Change) -> Void) -> Bool {
        changes.forEachChange(since: version, body)
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
