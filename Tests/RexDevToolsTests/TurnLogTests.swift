import RexCore
@testable import RexDevTools
import RexTestSupport
import Testing

@Suite("TurnLog keeping states by count and by time")
struct TurnLogTests {
    /// Runs turns of the given durations (in ticks) through `log`, one after the other, each
    /// adding its number to an `Int` state; returns the state after each turn.
    static func run(_ durations: [UInt64], through log: inout TurnLog<Int, Int>, from state: inout Int, tick: inout UInt64) -> [Int] {
        var states: [Int] = []
        for duration in durations {
            let action = log.begun
            let current = state
            log.begin(action, from: ActionSource(file: #fileID, function: #function, line: #line), at: tick, state: { current })
            state += action
            tick += duration
            if log.end(at: tick) {
                log.keep(state)
            }
            states.append(state)
        }
        return states
    }

    /// The turns after which the log should keep states (as the number of turns before each,
    /// the initial state's 0 first): the first turn to begin once the turns since the last kept
    /// state took `budget` or `maxSpacing - 1` turns went by.
    static func keptTurns(_ durations: [UInt64], budget: UInt64, maxSpacing: Int) -> [Int] {
        var kept = [0]
        var turns = 0
        var ticks: UInt64 = 0
        for (turn, duration) in durations.enumerated() {
            let keeps = turns + 1 >= maxSpacing || ticks >= budget
            turns += 1
            ticks += duration
            if keeps {
                kept.append(turn + 1)
                turns = 0
                ticks = 0
            }
        }
        return kept
    }

    static func keptTurns(of log: TurnLog<Int, Int>) -> [Int] {
        (0..<log.kept.count).map { log.kept[$0].turn }
    }

    @Test("A state is kept after the first turn to begin once the turns since the last kept one took the budget")
    func byTime() {
        var log = TurnLog<Int, Int>(capacity: 100, maxSpacing: 100)
        log.budgetTicks = 100
        var state = 0
        var tick: UInt64 = 1_000
        _ = Self.run(Array(repeating: 40, count: 12), through: &log, from: &state, tick: &tick)
        // 40 + 40 + 40 reach 100 as the fourth turn begins: the state after it is kept.
        #expect(Self.keptTurns(of: log) == [0, 4, 8, 12])
        // A slow turn: the next one keeps its state.
        _ = Self.run([500, 1, 1], through: &log, from: &state, tick: &tick)
        #expect(Self.keptTurns(of: log) == [0, 4, 8, 12, 14])
    }

    @Test("Turns that take no time keep a state every maxSpacing turns; a budget of 0 keeps every state")
    func byCount() {
        var log = TurnLog<Int, Int>(capacity: 100, maxSpacing: 10)
        log.budgetTicks = 1_000_000
        var state = 0
        var tick: UInt64 = 1
        _ = Self.run(Array(repeating: 1, count: 25), through: &log, from: &state, tick: &tick)
        #expect(Self.keptTurns(of: log) == [0, 10, 20])
        log.budgetTicks = 0
        _ = Self.run(Array(repeating: 1, count: 3), through: &log, from: &state, tick: &tick)
        #expect(Self.keptTurns(of: log) == [0, 10, 20, 26, 27, 28])
    }

    @Test("Under random turn times, the states kept are the model's, the oldest let go of, and every window reads the states the turns made")
    func model() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let capacity = Int.random(in: 1...40, using: &generator)
            let maxSpacing = Int.random(in: 1...(2 * capacity), using: &generator)
            let budget = UInt64.random(in: 0...300, using: &generator)
            var log = TurnLog<Int, Int>(capacity: capacity, maxSpacing: maxSpacing)
            log.budgetTicks = budget
            var durations: [UInt64] = []
            var states: [Int] = []
            var state = 0
            var tick: UInt64 = 1
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let more = (0..<Int.random(in: 1...60, using: &generator)).map { _ in UInt64.random(in: 0...100, using: &generator) }
                durations += more
                states += Self.run(more, through: &log, from: &state, tick: &tick)
                log.checkKeptStates()
                // Every kept state the model keeps from the one a read of the oldest step needs.
                let model = Self.keptTurns(durations, budget: budget, maxSpacing: maxSpacing)
                let oldest = max(durations.count - capacity, 0)
                let needed = try #require(model.lastIndex { $0 <= oldest })
                let kept = Self.keptTurns(of: log)
                #expect(Array(model[needed...]) == Array(kept.drop { $0 < model[needed] }), "seed \(seed)")
                // Older ones went when the last state was kept: the oldest left is the one a
                // read of the oldest step needed then.
                let neededAtLastKeep = try #require(model.last { $0 <= max(model[model.count - 1] - capacity, 0) })
                #expect(kept.first == neededAtLastKeep, "seed \(seed)")
                let first = Int.random(in: 0..<durations.count, using: &generator)
                let limit = Int.random(in: 1...capacity + 1, using: &generator)
                let window = try #require(log.window(from: first, limit: limit))
                let (initial, steps) = window.steps { action, state in state += action }
                let firstRead = max(first, oldest)
                let endRead = min(firstRead + limit, durations.count)
                #expect(steps.map(\.index) == Array(firstRead..<endRead), "seed \(seed)")
                #expect(steps.map(\.state) == Array(states[firstRead..<endRead]), "seed \(seed)")
                #expect(initial == (firstRead == 0 ? 0 : states[firstRead - 1]), "seed \(seed)")
            }
        }
    }

    @Test("Kept states: the ring wraps, grows with its oldest state anywhere in it, finds the one at or before a turn, and lets go of a state no longer needed when its slot is taken")
    func keptStates() {
        final class Box {
            let turn: Int
            init(turn: Int) { self.turn = turn }
        }
        final class Weak {
            weak var value: Box?
            init(_ value: Box) { self.value = value }
        }
        var kept = KeptStates<Box>(room: 3, limit: 6)
        var watched: [Int: Weak] = [:]
        func append(_ turn: Int) {
            let box = Box(turn: turn)
            watched[turn] = Weak(box)
            kept.append(turn: turn, state: box)
        }
        func turns() -> [Int] { (0..<kept.count).map { kept[$0].turn } }
        append(0)
        append(5)
        #expect(kept.lastIndex(atOrBefore: -1) == nil)
        #expect(kept.lastIndex(atOrBefore: 4) == 0)
        #expect(kept.lastIndex(atOrBefore: 5) == 1)
        // The oldest is needed while the next is after the turn given.
        kept.dropBefore(turn: 4)
        #expect(turns() == [0, 5])
        kept.dropBefore(turn: 5)
        #expect(turns() == [5])
        // Let go of, it stays in its slot until a state takes the slot: the third fills the
        // ring, the fourth wraps around into the first slot.
        append(7)
        #expect(watched[0]?.value != nil)
        append(9)
        #expect(watched[0]?.value == nil)
        #expect(turns() == [5, 7, 9] && kept.room == 3)
        // Full, with its oldest in the middle: the fifth grows it, in order.
        append(12)
        #expect(turns() == [5, 7, 9, 12] && kept.room == 6)
        #expect((0..<kept.count).map { kept[$0].state.turn } == [5, 7, 9, 12])
        #expect(kept.lastIndex(atOrBefore: 11) == 2)
        #expect(kept.lastIndex(atOrBefore: 100) == 3)
        kept.dropBefore(turn: 13)
        #expect(turns() == [12])
        for turn in [20, 21, 22, 23, 24] {
            append(turn)
        }
        #expect(turns() == [12, 20, 21, 22, 23, 24] && kept.room == 6)
        #expect([5, 7, 9].allSatisfy { watched[$0]?.value == nil })
        #expect([12, 20, 24].allSatisfy { watched[$0]?.value != nil })
    }
}
