@testable import RexCore
import RexTestSupport
import Testing

/// `==` of identified arrays: two states of one history compare only what the later one's log
/// names since the earlier (`equalsByLog`); others compare chunk by chunk. Either way the answer
/// is `Array`'s.
@Suite("IdentifiedArray: equality of kept copies")
struct IdentifiedArrayEqualityTests {
    typealias Changes = IdentifiedArrayChangedPositionsTests

    @Test("Against Array's ==, for every pair of states kept along random changes of every kind", arguments: 0..<20)
    func everyPairAgainstArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var rows = Changes.rows(200)
        rows[id: 0]?.done = true  // copies kept from here: the rows go into chunks
        var kept = [rows]
        for step in 0..<12 {
            // Now and then a change undone by the next, so that states that were changed compare
            // equal.
            if random.next() % 4 == 0 {
                let position = Int(random.next() % UInt64(rows.count))
                rows[position].title += "?"
                kept.append(rows)
                rows[position].title.removeLast()
            } else {
                _ = Changes.change(&rows, &random, step: step)
            }
            kept.append(rows)
        }
        var decidedByLog = 0
        for earlier in kept.indices {
            for later in kept.indices {
                let (first, second) = (kept[earlier], kept[later])
                #expect((first == second) == (Array(first) == Array(second)), "seed \(seed): states \(earlier) and \(later)")
                if later > earlier, let equal = second.equalsByLog(first) {
                    decidedByLog += 1
                    #expect(equal == (Array(first) == Array(second)), "seed \(seed): the log's answer for states \(earlier) and \(later)")
                }
            }
        }
        // The toggles keep elements in place: some pairs are told by the log.
        #expect(decidedByLog > 0)
    }

    @Test("A change undone by a later one leaves the states equal; a change kept does not")
    func changeUndone() {
        var rows = Changes.rows(100)
        rows[id: 0]?.done = true
        let earlier = rows
        rows[id: 40]?.title = "changed"
        #expect(rows.equalsByLog(earlier) == false)
        #expect(rows != earlier && earlier != rows)
        rows[id: 40]?.title = "Row 40"
        #expect(rows.equalsByLog(earlier) == true)
        #expect(rows == earlier && earlier == rows)
        // The earlier state is no later state of this one: its log tells nothing of it.
        #expect(earlier.equalsByLog(rows) == nil)
    }

    @Test("Copies changed apart, and arrays of other histories, compare element by element")
    func otherHistories() {
        var rows = Changes.rows(100)
        rows[id: 0]?.done = true
        var left = rows
        var right = rows
        left[id: 10]?.done = true
        right[id: 20]?.done = true
        #expect(left.equalsByLog(right) == nil && right.equalsByLog(left) == nil)
        #expect(left != right)
        right[id: 20]?.done = false
        right[id: 10]?.done = true
        #expect(left == right)
        let rebuilt = IdentifiedArray(uniqueElements: Array(left))
        #expect(rebuilt.equalsByLog(left) == nil && left.equalsByLog(rebuilt) == nil)
        #expect(rebuilt == left && left == rebuilt)
        var shorter = left
        shorter.remove(at: shorter.count - 1)
        #expect(shorter != left && left != shorter)
    }
}
