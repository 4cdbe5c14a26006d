@testable import RexCore
import RexTestSupport
import Testing

/// The table of positions inside `IdentifiedArray`, on ids chosen by the slot their hash leads
/// to, so that the runs of probing go past the table's end on every run of the test (the hashes
/// are seeded per process; the identified array's model tests meet these cases by chance only).
@Suite("PositionTable")
struct PositionTableTests {
    /// `Int` ids whose home, in a table of 16 slots, is one of `homes`: `count` of them, found
    /// by trying numbers.
    static func ids(withHomesIn homes: Set<Int>, count: Int) -> ContiguousArray<Int> {
        let table = PositionTable(minimumCapacity: 12)
        precondition(table.slots.count == 16)
        return ContiguousArray((0...).lazy.filter { homes.contains(table.home(of: $0)) }.prefix(count))
    }

    @Test("A removal leaves an entry in its slot when the entry's home lies after the gap, past the table's end")
    func removalPastTheEnd() throws {
        var table = PositionTable(minimumCapacity: 12)
        let first = try #require(Self.ids(withHomesIn: [14], count: 1).first)
        let second = Self.ids(withHomesIn: [15], count: 2)
        let ids: ContiguousArray = [first, second[0], second[1]]
        for (position, id) in ids.enumerated() {
            table.add(id, at: position, in: ids)
        }
        #expect(table.slots[14] == 0 && table.slots[15] == 1 && table.slots[0] == 2)

        table.remove(first, at: 0, in: ids)

        // The entry in slot 0 may not move back to 14: probing from 15 would never reach it.
        #expect(table.slots[14] == -1 && table.slots[15] == 1 && table.slots[0] == 2)
        #expect(table.position(of: first, in: ids) == nil)
        #expect(table.position(of: second[0], in: ids) == 1)
        #expect(table.position(of: second[1], in: ids) == 2)
    }

    @Test("A removal moves back the entries that probing would not find past the gap, past the table's end")
    func removalMovesBack() throws {
        var table = PositionTable(minimumCapacity: 12)
        let ids = Self.ids(withHomesIn: [15], count: 3)
        for (position, id) in ids.enumerated() {
            table.add(id, at: position, in: ids)
        }
        #expect(Array(table.slots[15...]) + Array(table.slots[..<2]) == [0, 1, 2])

        table.remove(ids[0], at: 0, in: ids)

        #expect(Array(table.slots[15...]) + Array(table.slots[..<2]) == [1, 2, -1])
        #expect(ids.indices.map { table.position(of: ids[$0], in: ids) } == [nil, 1, 2])
    }

    @Test("Against a set as a model: random additions and removals of ids crowded around the table's end")
    func modelBased() {
        var generator = SplitMix64(seed: UInt64.random(in: 0...UInt64.max))
        let seed = generator.state
        // Twelve ids, the most that 16 slots take, whose homes are the last slots and the first.
        let ids = Self.ids(withHomesIn: [12, 13, 14, 15, 0, 1], count: 12)
        var table = PositionTable(minimumCapacity: 12)
        var held = Set<Int>()
        for step in 0..<5_000 {
            let position = Int(generator.next() % UInt64(ids.count))
            if held.contains(position) {
                table.remove(ids[position], at: position, in: ids)
                held.remove(position)
            } else {
                table.add(ids[position], at: position, in: ids)
                held.insert(position)
            }
            guard table.slots.count == 16, table.count == held.count,
                  ids.indices.allSatisfy({ table.position(of: ids[$0], in: ids) == (held.contains($0) ? $0 : nil) })
            else {
                Issue.record("diverged from the model at step \(step), seed \(seed)")
                return
            }
        }
    }

    @Test("Growing keeps every position; moving and exchanging positions finds each id by the position it holds")
    func growMoveExchange() {
        var table = PositionTable(minimumCapacity: 0)
        let ids = ContiguousArray(0..<1_000)
        for (position, id) in ids.enumerated() {
            table.add(id, at: position, in: ids)
        }
        #expect(table.slots.count == 2_048)
        #expect(ids.allSatisfy { table.position(of: $0, in: ids) == $0 })

        table.exchange(3, at: 3, with: 7, at: 7)
        let exchanged = ContiguousArray(ids.indices.map { $0 == 3 ? 7 : $0 == 7 ? 3 : $0 })
        #expect(exchanged.indices.allSatisfy { table.position(of: exchanged[$0], in: exchanged) == $0 })

        // Each id one place on, from the end down, as an insertion at the front does.
        for position in exchanged.indices.reversed() {
            table.move(exchanged[position], from: position, to: position + 1)
        }
        let shifted = ContiguousArray([-1] + exchanged)
        #expect(exchanged.allSatisfy { table.position(of: $0, in: shifted) == shifted.firstIndex(of: $0) })
    }
}
