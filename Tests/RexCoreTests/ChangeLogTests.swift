@testable import RexCore
import Testing

/// White-box tests of `ChangeLog`'s own memory: each path of `record` (a slot initialized while
/// the room fills, then overwritten round the ring), the continuing log's carried changes, and
/// what `forEachChange` can tell (its invariant is also checked after each change, in this debug
/// build).
@Suite("The change log's memory")
struct ChangeLogTests {
    typealias Log = ChangeLog<Int>

    /// The ids changed since `version`, or `nil` when the log cannot tell.
    static func changes(_ log: Log, since version: ChangeVersion) -> [Int]? {
        var ids: [Int] = []
        return log.forEachChange(since: version) { ids.append($0.id) } ? ids : nil
    }

    @Test("A log has no room until its first change, and its room doubles from four as it fills, up to its capacity; each change keeps its place as it grows")
    func growing() {
        var log = Log.make()
        #expect(log.room == 0)
        let empty = log.version
        var rooms: [Int] = []
        for id in 0..<(Log.capacity + 3) {
            Log.record(id, at: id, in: &log)
            if rooms.last != log.room { rooms.append(log.room) }
        }
        #expect(rooms == [4, 8, 16, 32, 64])
        #expect(Self.changes(log, since: ChangeVersion(lineage: log.lineage, count: 3)) == Array(3..<(Log.capacity + 3)))
        #expect(Self.changes(log, since: empty) == nil)
        // A log that continues another has room for the changes it carries and the one it is
        // made to record.
        #expect(Log.make(continuing: Log.make()).room == 4)
        var few = Log.make()
        for id in 0..<7 { Log.record(id, at: id, in: &few) }
        #expect(Log.make(continuing: few).room == 8)
    }

    /// An id whose instances are counted: a log that freed its room without deinitializing the
    /// ids it held would leave some alive.
    final class CountedID: Hashable, @unchecked Sendable {  // `alive` is guarded by `lock`
        nonisolated(unsafe) static var alive = 0
        static let lock = Lock()
        let value: Int

        init(_ value: Int) {
            self.value = value
            Self.lock.withLock { Self.alive += 1 }
        }

        deinit {
            Self.lock.withLock { Self.alive -= 1 }
        }

        static func == (left: CountedID, right: CountedID) -> Bool { left.value == right.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }

    @Test("A freed log, new or continuing, filling or full, lets go of every id it held")
    func freeingLetsIDsGo() {
        let before = CountedID.lock.withLock { CountedID.alive }
        do {
            var filling = ChangeLog<CountedID>.make()
            for number in 0..<5 { ChangeLog.record(CountedID(number), at: number, in: &filling) }
            var full = ChangeLog<CountedID>.make()
            for number in 0..<(ChangeLog<CountedID>.capacity + 5) { ChangeLog.record(CountedID(number), at: number, in: &full) }
            var continuing = ChangeLog<CountedID>.make(continuing: full)
            ChangeLog.record(CountedID(-1), at: 0, in: &continuing)
            #expect(CountedID.lock.withLock { CountedID.alive } > before)
        }
        #expect(CountedID.lock.withLock { CountedID.alive } == before)
    }

    @Test("While the room fills, each change takes the next slot; the log tells every change since any of its versions")
    func filling() {
        var log = Log.make()
        let empty = log.version
        for id in 0..<10 { Log.record(id, at: id, in: &log) }
        #expect(log.held == 10 && log.count == 10)
        #expect(Self.changes(log, since: empty) == Array(0..<10))
        #expect(Self.changes(log, since: ChangeVersion(lineage: log.lineage, count: 7)) == [7, 8, 9])
        #expect(Self.changes(log, since: log.version) == [])
    }

    @Test("Past its room, changes overwrite the oldest round the ring; older versions cannot be told, recent ones can")
    func wrapping() {
        var log = Log.make()
        let empty = log.version
        let capacity = Log.capacity
        for id in 0..<(capacity + 10) { Log.record(id, at: id, in: &log) }
        #expect(log.held == capacity && log.count == UInt64(capacity + 10))
        #expect(Self.changes(log, since: empty) == nil)
        let lastKept = ChangeVersion(lineage: log.lineage, count: UInt64(10))
        #expect(Self.changes(log, since: lastKept) == Array(10..<(capacity + 10)))
        #expect(Self.changes(log, since: ChangeVersion(lineage: log.lineage, count: UInt64(capacity + 7))) == [capacity + 7, capacity + 8, capacity + 9])
    }

    @Test("A continuing log carries its parent's last changes, tells them from the parent's versions, and not older ones nor another lineage's")
    func continuing() {
        var parent = Log.make()
        for id in 0..<40 { Log.record(id, at: id, in: &parent) }
        let beforeCopy = ChangeVersion(lineage: parent.lineage, count: 30)
        var child = Log.make(continuing: parent)
        #expect(child.held == Log.carried && child.count == parent.count)
        Log.record(100, at: 0, in: &child)
        #expect(Self.changes(child, since: beforeCopy) == Array(30..<40) + [100])
        #expect(Self.changes(child, since: ChangeVersion(lineage: parent.lineage, count: 10)) == nil)
        #expect(Self.changes(child, since: ChangeVersion(lineage: Log.make().lineage, count: 0)) == nil)
        // The parent goes on in its own lineage; the child does not know its later changes.
        Log.record(41, at: 0, in: &parent)
        #expect(Self.changes(child, since: parent.version) == nil)
        // A parent that has gone round its ring gives its last changes, from their slots.
        var wrapped = Log.make()
        for id in 0..<(Log.capacity + 5) { Log.record(id, at: id, in: &wrapped) }
        let wrappedChild = Log.make(continuing: wrapped)
        #expect(wrappedChild.room == 2 * Log.carried)
        #expect(Self.changes(wrappedChild, since: ChangeVersion(lineage: wrapped.lineage, count: UInt64(Log.capacity + 5 - Log.carried))) == Array((Log.capacity + 5 - Log.carried)..<(Log.capacity + 5)))
    }
}
