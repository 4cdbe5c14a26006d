import Foundation
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
    /// the initial state's 0 first): as a turn begins, the state before it once the turns since
    /// the last kept state took `budget`; as a turn ends, the state after it once `maxSpacing`
    /// turns went by.
    static func keptTurns(_ durations: [UInt64], budget: UInt64, maxSpacing: Int) -> [Int] {
        var kept = [0]
        var turns = 0
        var ticks: UInt64 = 0
        for (turn, duration) in durations.enumerated() {
            if turns > 0, ticks >= budget {
                kept.append(turn)
                turns = 0
                ticks = 0
            }
            let keeps = turns + 1 >= maxSpacing
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

    /// Expects `window`, replayed by adding each action, to give turns `reads` with the states the
    /// turns made (`states[i]` after turn `i`, from 0) and the state before the first; returns its
    /// steps.
    @discardableResult
    static func expectSteps(
        of window: TurnWindow<Int, Int>,
        reads: Range<Int>,
        states: [Int],
        _ comment: Comment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [(index: Int, turn: NotedTurn<Int>, state: Int)] {
        let (initial, steps) = window.steps { action, state in state += action }
        #expect(steps.map(\.index) == Array(reads), comment, sourceLocation: sourceLocation)
        #expect(steps.map(\.state) == Array(states[reads]), comment, sourceLocation: sourceLocation)
        #expect(initial == (reads.lowerBound == 0 ? 0 : states[reads.lowerBound - 1]), comment, sourceLocation: sourceLocation)
        return steps
    }

    static func keptTurns(of log: TurnLog<Int, Int>) -> [Int] {
        (0..<log.kept.count).map { log.kept[$0].turn }
    }

    @Test("A state is kept as a turn begins once the turns since the last kept one took the budget: the state before it")
    func byTime() {
        var log = TurnLog<Int, Int>(capacity: 100, maxSpacing: 100)
        log.budgetTicks = 100
        var state = 0
        var tick: UInt64 = 1_000
        _ = Self.run(Array(repeating: 40, count: 12), through: &log, from: &state, tick: &tick)
        // 40 + 40 + 40 reach 100 as the fourth turn begins: the state before it is kept.
        #expect(Self.keptTurns(of: log) == [0, 3, 6, 9])
        // Turns that each take the budget keep every state, as the next turn begins.
        _ = Self.run([500, 500, 1, 1], through: &log, from: &state, tick: &tick)
        #expect(Self.keptTurns(of: log) == [0, 3, 6, 9, 12, 13, 14])
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
        #expect(Self.keptTurns(of: log) == [0, 10, 20, 25, 26, 27])
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
                let firstRead = max(first, oldest)
                Self.expectSteps(of: window, reads: firstRead..<min(firstRead + limit, durations.count), states: states, "seed \(seed)")
            }
        }
    }

    /// Turns that end, turns whose end never comes (the next begin ends them), reads at any
    /// moment (with a turn under way too), maxSpacing up to 5 * capacity, any budget.
    @Test("Turns whose end never comes, and reads at any moment (a turn under way too): every window gives the states the turns made, within the ring")
    func modelWithTurnsWithoutEnd() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SplitMix64(seed: seed)
        for _ in 0..<1_000 {
            let capacity = Int.random(in: 1...12, using: &generator)
            let maxSpacing = Bool.random(using: &generator) ? Int.random(in: 1...(5 * capacity), using: &generator) : 4 * capacity
            let budget: UInt64 = [0, 1, 50, 300, .max][Int.random(in: 0..<5, using: &generator)]
            var log = TurnLog<Int, Int>(capacity: capacity, maxSpacing: maxSpacing)
            log.budgetTicks = budget
            var states: [Int] = []  // states[i]: the state after turn i
            var state = 0
            var tick: UInt64 = 10
            var maxCount = 0
            for _ in 0..<Int.random(in: 1...150, using: &generator) {
                let action = log.begun + 1
                let current = state
                log.begin(action, from: ActionSource(file: #fileID, function: #function, line: #line), at: tick, state: { current })
                state += action
                states.append(state)
                tick += UInt64.random(in: 0...120, using: &generator)
                if Int.random(in: 0..<4, using: &generator) != 0 {
                    if log.end(at: tick) { log.keep(state) }
                }
                log.checkKeptStates()
                maxCount = max(maxCount, log.kept.count)
                #expect(log.kept.count <= capacity + 1, "seed \(seed)")
                #expect(log.kept.slots.count <= capacity + 2, "seed \(seed)")
                for _ in 0..<2 {
                    let first = Int.random(in: -1...(log.begun + 1), using: &generator)
                    let limit = Int.random(in: 1...(capacity + 2), using: &generator)
                    let firstRead = max(first, log.ended - capacity, 0)
                    guard let window = log.window(from: first, limit: limit) else {
                        #expect(firstRead >= log.ended, "seed \(seed)")
                        continue
                    }
                    #expect(log.begun - window.firstTurn <= capacity + maxSpacing, "seed \(seed)")
                    let reads = firstRead..<min(firstRead + limit, log.ended)
                    let steps = Self.expectSteps(of: window, reads: reads, states: states, "seed \(seed) cap \(capacity) spacing \(maxSpacing) budget \(budget)")
                    #expect(steps.map(\.turn.action) == reads.map { $0 + 1 }, "seed \(seed) cap \(capacity) spacing \(maxSpacing)")
                }
            }
        }
    }

    @Test("Reading a step replays turns that took less than the budget, and the last of them", arguments: [40, 500, 1] as [UInt64])
    func replayWithinBudget(turnTicks: UInt64) {
        var log = TurnLog<Int, Int>(capacity: 100, maxSpacing: 400)
        log.budgetTicks = 100
        var state = 0
        var tick: UInt64 = 1
        let durations = (0..<60).map { turnTicks + UInt64($0 % 3) }
        _ = Self.run(durations, through: &log, from: &state, tick: &tick)
        let kept = Set(Self.keptTurns(of: log))
        for step in 0..<durations.count where !kept.contains(step + 1) {
            // The turns from the kept state before the step's to the step's own.
            let from = kept.filter { $0 <= step }.max() ?? 0
            let allButLast = durations[from..<step].reduce(0, +)
            #expect(allButLast < log.budgetTicks, "step \(step), replayed from \(from)")
        }
    }

    @Test("A budget in ticks: none while the clock cannot tell its rate yet (measured again at the next turn), then the budget at the rate measured; Recorder's budget in nanoseconds saturates")
    func budgetInTicks() {
        let clock = TickClock(originTicks: 1_000, originNanoseconds: 5_000, originDate: Date())
        #expect(clock.measuredNanosecondsPerTick(atTicks: 1_000, nanoseconds: 5_000) == nil)
        #expect(clock.nanosecondsPerTick(atTicks: 1_000, nanoseconds: 5_000) == 1)
        #expect(clock.measuredNanosecondsPerTick(atTicks: 3_000, nanoseconds: 6_000) == 0.5)
        let running = TickClock()
        let start = TickClock.monotonicNanoseconds()
        while TickClock.monotonicNanoseconds() - start < 2_000_000 {}
        #expect(running.ticks(inNanoseconds: 0) == 0)
        #expect(running.ticks(inNanoseconds: .max) > 0)
        let rate = running.nanosecondsPerTick()
        let oneMillisecond = Double(running.ticks(inNanoseconds: 1_000_000))
        #expect(abs(oneMillisecond * rate - 1_000_000) < 100_000)
        func nanoseconds(_ budget: Duration) -> UInt64? {
            RexDevTools.Recorder(capacity: 4, reducer: RecorderDomain.reducer, replayBudget: budget).budgetNanoseconds
        }
        #expect(nanoseconds(.zero) == 0)
        #expect(nanoseconds(.milliseconds(1)) == 1_000_000)
        #expect(nanoseconds(.seconds(18_446_744_072) + .nanoseconds(999_999_999)) == 18_446_744_072_999_999_999)
        #expect(nanoseconds(.seconds(18_446_744_073)) == .max)
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
