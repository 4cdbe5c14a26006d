@testable import RexCore
import Testing

/// White-box tests of `ChangeLog`'s own memory, through `LoggedChanges`, an array value's
/// history: each path of `record` (a slot initialized while the room fills, then overwritten
/// round the ring), the continuing log's carried changes, the copies that share a log (one
/// writes into it, the others continue), and what `forEachChange` can tell (the invariants are
/// also checked after each change, in this debug build).
@Suite("The change log's memory")
struct ChangeLogTests {
    typealias Log = ChangeLog<Int>
    typealias History = LoggedChanges<Int>

    /// The ids changed since `version` in `history`, or `nil` when its log cannot tell.
    static func changes(_ history: History, since version: ChangeVersion) -> [Int]? {
        var ids: [Int] = []
        return history.forEachChange(since: version) { ids.append($0.id) } ? ids : nil
    }

    /// A new history with the ids of `ids` recorded in turn.
    static func recording(_ ids: some Sequence<Int>) -> History {
        var history = History()
        for id in ids { _ = history.record(id, at: id) }
        return history
    }

    @Test("A log has no room until its first change, and its room doubles from four as it fills, up to its capacity; each change keeps its place as it grows")
    func growing() {
        var history = History()
        #expect(history.log.room == 0)
        let empty = history.version
        var rooms: [Int] = []
        for id in 0..<(Log.capacity + 3) {
            let wasShared = history.record(id, at: id)
            #expect(!wasShared)
            if rooms.last != history.log.room { rooms.append(history.log.room) }
        }
        #expect(rooms == [4, 8, 16, 32, 64])
        #expect(Self.changes(history, since: ChangeVersion(lineage: history.log.lineage, count: 3)) == Array(3..<(Log.capacity + 3)))
        #expect(Self.changes(history, since: empty) == nil)
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

    @Test("A freed log, new or continuing, filling, full or written into by a copy, lets go of every id it held")
    func freeingLetsIDsGo() {
        let before = CountedID.lock.withLock { CountedID.alive }
        do {
            var filling = LoggedChanges<CountedID>()
            for number in 0..<5 { _ = filling.record(CountedID(number), at: number) }
            var full = LoggedChanges<CountedID>()
            for number in 0..<(ChangeLog<CountedID>.capacity + 5) { _ = full.record(CountedID(number), at: number) }
            var continuing = full
            _ = continuing.record(CountedID(-1), at: 0)
            var sharing = continuing
            _ = sharing.record(CountedID(-2), at: 0)
            #expect(sharing.log === continuing.log)
            // A copy writes into a small log, the other copy goes, and the one left grows the
            // log past its room: the changes move to a larger log, and the small one frees none.
            var small = LoggedChanges<CountedID>()
            for number in 0..<2 { _ = small.record(CountedID(number), at: number) }
            var claimant = small
            _ = claimant.record(CountedID(2), at: 2)
            #expect(claimant.log === small.log)
            small = LoggedChanges()
            for number in 3..<6 { _ = claimant.record(CountedID(number), at: number) }
            #expect(claimant.log.room == 8 && claimant.log.held == 6)
            #expect(CountedID.lock.withLock { CountedID.alive } > before)
        }
        #expect(CountedID.lock.withLock { CountedID.alive } == before)
    }

    @Test("While the room fills, each change takes the next slot; the log tells every change since any of its versions")
    func filling() {
        let history = Self.recording(0..<10)
        let empty = ChangeVersion(lineage: history.log.lineage, count: 0)
        #expect(history.log.held == 10 && history.count == 10 && history.log.written == 10)
        #expect(Self.changes(history, since: empty) == Array(0..<10))
        #expect(Self.changes(history, since: ChangeVersion(lineage: history.log.lineage, count: 7)) == [7, 8, 9])
        #expect(Self.changes(history, since: history.version) == [])
    }

    @Test("Past its room, changes overwrite the oldest round the ring; older versions cannot be told, recent ones can")
    func wrapping() {
        let capacity = Log.capacity
        let history = Self.recording(0..<(capacity + 10))
        let lineage = history.log.lineage
        #expect(history.log.held == capacity && history.count == UInt64(capacity + 10))
        #expect(Self.changes(history, since: ChangeVersion(lineage: lineage, count: 0)) == nil)
        #expect(Self.changes(history, since: ChangeVersion(lineage: lineage, count: 10)) == Array(10..<(capacity + 10)))
        #expect(Self.changes(history, since: ChangeVersion(lineage: lineage, count: UInt64(capacity + 7))) == [capacity + 7, capacity + 8, capacity + 9])
    }

    @Test("A continuing log carries its parent's last changes, tells them from the parent's versions, and not older ones nor another lineage's")
    func continuing() {
        // A parent that has gone round its ring is never written by a copy: the copy continues.
        var parent = Self.recording(0..<(Log.capacity + 5))
        let lineage = parent.log.lineage
        let end = Log.capacity + 5
        let beforeCopy = ChangeVersion(lineage: lineage, count: UInt64(end - 10))
        var child = parent
        let wasShared = child.record(100, at: 0)
        #expect(wasShared)
        #expect(child.log !== parent.log && child.log.held == Log.carried + 1 && child.log.room == Log.capacity)
        #expect(Self.changes(child, since: beforeCopy) == Array((end - 10)..<end) + [100])
        #expect(Self.changes(child, since: ChangeVersion(lineage: lineage, count: UInt64(end - Log.carried))) == Array((end - Log.carried)..<end) + [100])
        #expect(Self.changes(child, since: ChangeVersion(lineage: lineage, count: UInt64(end - Log.carried - 1))) == nil)
        #expect(Self.changes(child, since: ChangeVersion(lineage: Log.make().lineage, count: 0)) == nil)
        // The parent goes on in its own lineage; the child does not know its later changes.
        _ = parent.record(41, at: 0)
        #expect(parent.log.lineage == lineage)
        #expect(Self.changes(child, since: parent.version) == nil)
    }

    @Test("Copies share a log: the first to change writes into it, a copy behind it continues in a log of its own, and each tells its own changes")
    func copiesShareALog() {
        var live = Self.recording(0..<3)  // room for 4
        var kept = live
        let shared = kept.version
        let wasShared = live.record(3, at: 0)
        #expect(wasShared)
        #expect(live.log === kept.log && live.log.written == 4)
        // `kept` is behind the log now: it continues, in a lineage of its own.
        let wasShared2 = kept.record(13, at: 0)
        #expect(wasShared2)
        #expect(kept.log !== live.log && kept.log.lineage != live.log.lineage)
        #expect(Self.changes(kept, since: shared) == [13])
        #expect(Self.changes(live, since: shared) == [3])
        #expect(Self.changes(live, since: kept.version) == nil && Self.changes(kept, since: live.version) == nil)
        // The room is full: a copy that changes continues, carrying the changes before.
        var next = live
        let wasShared3 = next.record(4, at: 0)
        #expect(wasShared3)
        #expect(next.log !== live.log && next.log.room == Log.capacity)
        let origin = ChangeVersion(lineage: live.log.lineage, count: 0)
        #expect(Self.changes(next, since: origin) == [0, 1, 2, 3, 4])
        #expect(Self.changes(live, since: origin) == [0, 1, 2, 3])
    }

    @Test("A value behind its log's last change continues even when it holds the log alone: a version names one history")
    func aVersionNamesOneHistory() {
        var kept = Self.recording(0..<2)  // room for 4
        var ahead = kept
        _ = ahead.record(2, at: 0)
        #expect(ahead.log === kept.log)
        let seen = ahead.version
        ahead = History()
        let alone = isKnownUniquelyReferenced(&kept.log)
        #expect(alone)
        let wasShared = kept.record(5, at: 0)
        #expect(!wasShared)
        #expect(kept.log.lineage != seen.lineage && kept.version != seen)
        #expect(Self.changes(kept, since: seen) == nil)
    }

    @Test("A copy writes into the log it shares until its room is full, then continues; every kept copy tells its own changes")
    func aFullSharedLogContinues() {
        var live = Self.recording(0..<4)  // its room (4) full
        var kept = [live]
        let continued = live.record(4, at: 0)  // continues, with the full capacity
        #expect(continued)
        let first = live.log
        #expect(first !== kept[0].log && first.room == Log.capacity)
        while live.count < first.start + UInt64(first.room) {
            kept.append(live)
            let wrote = live.record(Int(live.count), at: 0)
            #expect(wrote)
            #expect(live.log === first)
        }
        kept.append(live)
        let wasShared = live.record(1_000, at: 0)
        #expect(wasShared)
        #expect(live.log !== first && live.log.ancestors.versions.0 == ChangeVersion(lineage: first.lineage, count: first.written))
        for copy in kept.dropFirst() {
            #expect(Self.changes(copy, since: ChangeVersion(lineage: first.lineage, count: copy.count - 1)) == [Int(copy.count) - 1])
        }
        #expect(Self.changes(live, since: kept.last!.version) == [1_000])
    }

    struct Item: Identifiable, Sendable {
        let id: Int
        var value: Int
    }

    @Test("Copies of one array changed at once on several threads: one writes into the log they share, and each tells its own change")
    func copiesChangedOnThreads() async {
        for round in 0..<50 {
            var base = IdentifiedArrayOf<Item>(uniqueElements: (0..<8).map { Item(id: $0, value: 0) })
            for id in 0..<5 { base[id: id]?.value = round }  // room for 8
            let shared = base.changeVersion
            let changed = await withTaskGroup(of: (Int, IdentifiedArrayOf<Item>).self) { [base] group in
                for index in 0..<4 {
                    group.addTask {
                        var copy = base
                        copy[id: index]?.value = 100
                        return (index, copy)
                    }
                }
                var changed: [(Int, IdentifiedArrayOf<Item>)] = []
                for await result in group { changed.append(result) }
                return changed
            }
            #expect(changed.filter { $0.1.changes.log === base.changes.log }.count == 1)
            for (index, copy) in changed {
                var ids: [Int] = []
                #expect(copy.forEachChange(since: shared) { ids.append($0.id) })
                #expect(ids == [index])
            }
        }
    }
}
