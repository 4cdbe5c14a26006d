@testable import RexCore
import RexTestSupport
import Testing

/// `positionsChanged(since:)`: the positions a field diff reads from an identified array's log
/// rather than by comparing its chunks. It may answer `nil`, but never leaves out a position
/// whose element differs.
@Suite("IdentifiedArray: positions changed since a kept copy")
struct IdentifiedArrayChangedPositionsTests {
    static func rows(_ count: Int) -> IdentifiedArrayOf<Row> {
        IdentifiedArray(uniqueElements: (0..<count).map { Row(id: $0, title: "Row \($0)") })
    }

    /// A random change of `rows`, by every kind of change an identified array has; returns
    /// whether it kept every element in its place.
    static func change(_ rows: inout IdentifiedArrayOf<Row>, _ random: inout SplitMix64, step: Int) -> Bool {
        let position = Int(random.next() % UInt64(rows.count))
        let other = Int(random.next() % UInt64(rows.count))
        switch random.next() % 8 {
        case 0: rows.append(Row(id: 1_000 + step, title: "new"))
        case 1: rows.remove(at: position)
        case 2: rows.insert(Row(id: 2_000 + step, title: "inserted"), at: position)
        case 3: rows.swapAt(position, other)
        case 4: rows[position].title += "!"
        default:
            rows[id: rows[position].id]?.done.toggle()
            return true
        }
        return false
    }

    @Test("Against a comparison of every position, after random changes of every kind", arguments: 0..<40)
    func neverLeavesOutAChangedPosition(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var rows = Self.rows(300)
        rows[id: 0]?.done = true  // a copy kept from here: the rows go into chunks
        let earlier = rows
        var inPlace = true
        for step in 0..<(1 + Int(random.next() % 6)) {
            inPlace = Self.change(&rows, &random, step: step) && inPlace
        }
        let differing = Set(zip(earlier, rows).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset))
        guard let changed = rows.positionsChanged(since: earlier) else {
            #expect(!inPlace, "only changes in place, and the log could not tell them")
            return
        }
        #expect(rows.count == earlier.count)
        #expect(differing.isSubset(of: changed), "seed \(seed): \(differing.subtracting(changed).sorted()) left out")
        #expect(changed == changed.sorted() && Set(changed).count == changed.count)
    }

    @Test("A swap is in the log, so the two positions are not taken for unchanged")
    func swapIsInTheLog() {
        var rows = Self.rows(40)
        let kept = rows
        rows.swapAt(1, 30)
        var ids: [Int] = []
        #expect(rows.forEachChange(since: kept.changeVersion) { ids.append($0.id) })
        #expect(ids == [1, 30])
        #expect(rows.positionsChanged(since: kept) == nil)
    }
}
