import Foundation
import RexCore
@testable import RexDevTools
import RexTestSupport
import Testing

@Suite("Recorder keeping the state every few turns")
struct RecorderSnapshotTests {
    typealias Domain = RecorderDomain

    static func randomAction(_ generator: inout SplitMix64, turn: Int) -> Domain.Action {
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: .increment
        case 1: .add("item \(turn)")
        default: .rename("title \(turn)")
        }
    }

    /// How the second recorder of `recordedStore` keeps states.
    enum Spacing: Sendable, CustomTestStringConvertible {
        /// Every `n`-th state.
        case interval(Int)
        /// Once the turns since the last kept state took the budget (or `4 * capacity` turns went by).
        case budget(Duration)

        var testDescription: String {
            switch self {
            case .interval(let interval): "every \(interval) turns"
            case .budget(let budget): "a replay budget of \(budget)"
            }
        }
    }

    /// A store recorded twice: keeping every state, and every `snapshotInterval`-th.
    static func recordedStore(capacity: Int, snapshotInterval: Int) -> (
        everyState: RexDevTools.Recorder<Domain.Action, Domain.State>,
        sampled: RexDevTools.Recorder<Domain.Action, Domain.State>,
        store: Domain.Store
    ) {
        recordedStore(capacity: capacity, spacing: .interval(snapshotInterval))
    }

    /// A store recorded twice: keeping every state, and some as `spacing` says.
    static func recordedStore(capacity: Int, spacing: Spacing) -> (
        everyState: RexDevTools.Recorder<Domain.Action, Domain.State>,
        sampled: RexDevTools.Recorder<Domain.Action, Domain.State>,
        store: Domain.Store
    ) {
        let everyState = RexDevTools.Recorder<Domain.Action, Domain.State>(capacity: capacity)
        let sampled = switch spacing {
        case .interval(let interval): RexDevTools.Recorder(capacity: capacity, reducer: Domain.reducer, snapshotInterval: interval)
        case .budget(let budget): RexDevTools.Recorder(capacity: capacity, reducer: Domain.reducer, replayBudget: budget)
        }
        let store = Domain.Store(
            initialState: Domain.State(),
            reducer: Domain.reducer,
            middleware: everyState.middleware <> sampled.middleware
        )
        return (everyState, sampled, store)
    }

    /// Budgets from "every state" (zero) through ones a few turns reach (so that the kept states
    /// follow how long this run's turns take) to one no turn reaches (every `4 * capacity` turns).
    static let spacings: [Spacing] = [
        .interval(1), .interval(2), .interval(3), .interval(7), .interval(32),
        .budget(.zero), .budget(.microseconds(3)), .budget(.microseconds(20)), .budget(.seconds(3_600)),
    ]

    @Test("Given the reducer alone, a recorder keeps a state once the turns since the last took 5 ms, or after 4 × capacity turns")
    func defaultSpacing() {
        let recorder = RexDevTools.Recorder(capacity: 250, reducer: Domain.reducer)
        #expect(recorder.replayBudget == .milliseconds(5))
        #expect(recorder.budgetNanoseconds == 5_000_000)
        #expect(recorder.snapshotInterval == 1_000)
    }

    @Test("Its steps, read at any moment, are those of a recorder that keeps every state", arguments: spacings)
    func sameAsKeepingEveryState(spacing: Spacing) throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SplitMix64(seed: seed)
        for _ in 0..<20 {
            let capacity = Int.random(in: 1...25, using: &generator)
            let (everyState, sampled, store) = Self.recordedStore(capacity: capacity, spacing: spacing)
            let turns = Int.random(in: 1...120, using: &generator)
            for turn in 0..<turns {
                store.dispatch(Self.randomAction(&generator, turn: turn))
                guard Bool.random(using: &generator) || turn == turns - 1 else { continue }
                let steps = sampled.steps
                let truth = everyState.steps
                #expect(steps.map(\.index) == Array(max(0, turn + 1 - capacity)...turn), "seed \(seed)")
                #expect(steps.map(\.action) == truth.map(\.action), "seed \(seed)")
                #expect(steps.map(\.state) == truth.map(\.state), "seed \(seed)")
                #expect(steps.last?.state == store.state, "seed \(seed)")
                let session = try #require(sampled.session(appName: "Test", appVersion: "1"))
                let truthSession = try #require(everyState.session(appName: "Test", appVersion: "1"))
                #expect(session.initialState == truthSession.initialState, "seed \(seed)")
                #expect(sampled.recordedCount == turn + 1)
            }
        }
    }

    @Test("A turn under way is not a step yet; once it is over, it is one, before any other turn", arguments: [1, 4])
    func turnUnderWay(snapshotInterval: Int) {
        let recorder = RexDevTools.Recorder(capacity: 10, reducer: Domain.reducer, snapshotInterval: snapshotInterval)
        let store = Domain.Store(initialState: Domain.State(), reducer: Domain.reducer, middleware: recorder.middleware)
        let seenDuringTurns = RexTestSupport.Recorder<[Int]>()
        let token = store.subscribe { _ in seenDuringTurns.record(recorder.steps.map(\.index)) }
        store.dispatch(.increment)
        store.dispatch(.add("Milk"))
        // The first call is the subscription's own; the others come during turns 0 and 1.
        #expect(seenDuringTurns.values == [[], [], [0]])
        #expect(recorder.steps.map(\.index) == [0, 1])
        #expect(recorder.steps.last?.state == Domain.State(count: 1, items: ["Milk"]))
        token.cancel()
    }

    @Test("Read from another thread while turns run, every read is whole and in order")
    func concurrentReads() async {
        let recorder = RexDevTools.Recorder(capacity: 50, reducer: Domain.reducer, snapshotInterval: 8)
        let store = Domain.Store(initialState: Domain.State(), reducer: Domain.reducer, middleware: recorder.middleware)
        let done = RexTestSupport.Recorder<Bool>()
        let reader = Task.detached {
            var reads = 0
            var faults: [String] = []
            while done.values.isEmpty || reads == 0 {
                let steps = recorder.steps
                reads += 1
                for (offset, step) in steps.enumerated() where step.state.count != step.index + 1 || (offset > 0 && step.index != steps[offset - 1].index + 1) {
                    faults.append("step \(step.index) at \(offset): count \(step.state.count)")
                }
            }
            return faults
        }
        for _ in 0..<20_000 {
            store.dispatch(.increment)
        }
        done.record(true)
        #expect(await reader.value == [])
        #expect(recorder.steps.map(\.index) == Array(19_950..<20_000))
    }

    @Test("A turn whose end never came is over when the next begins", arguments: [nil, 2] as [Int?])
    func turnWithoutEnd(snapshotInterval: Int?) {
        let recorder = snapshotInterval.map { RexDevTools.Recorder(reducer: Domain.reducer, snapshotInterval: $0) } ?? RexDevTools.Recorder<Domain.Action, Domain.State>()
        let state = RexTestSupport.Recorder<Domain.State>()
        let getState: GetState<Domain.State> = { state.values.last ?? Domain.State() }
        let middleware = recorder.middleware
        // Handled as a store would, but the first turn's IO is never run.
        _ = middleware.handle(action: .increment, from: ActionSource(file: #fileID, function: #function, line: #line), state: getState)
        state.record(Domain.State(count: 1))
        waitForMonotonicClock(nanoseconds: 1_000_000)
        let io = middleware.handle(action: .add("Milk"), from: ActionSource(file: #fileID, function: #function, line: #line), state: getState)
        state.record(Domain.State(count: 1, items: ["Milk"]))
        io.run(AnyActionHandler { _ in })
        let steps = recorder.steps
        #expect(steps.map(\.action) == [.increment, .add("Milk")])
        #expect(steps.map(\.state) == [Domain.State(count: 1), Domain.State(count: 1, items: ["Milk"])])
        // The first turn lasted until the second began: a millisecond or more, not nothing.
        #expect(steps[0].duration > .zero)
        let end = steps[0].time.addingTimeInterval(seconds(steps[0].duration))
        #expect(abs(end.timeIntervalSince(steps[1].time)) < 1e-6)
    }

    /// A budget recorder driven through its middleware: IOs run or not, reads at any moment.
    @Test("A budget recorder with IOs that never run, read at any moment", arguments: [Duration.zero, .nanoseconds(300), .microseconds(5), .seconds(1)])
    func recorderWithoutEnds(budget: Duration) throws {
        typealias Domain = RecorderDomain
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SplitMix64(seed: seed)
        for _ in 0..<40 {
            let capacity = Int.random(in: 1...10, using: &generator)
            let recorder = RexDevTools.Recorder(capacity: capacity, reducer: Domain.reducer, replayBudget: budget)
            let middleware = recorder.middleware
            final class Live: @unchecked Sendable { var state = Domain.State() }
            let live = Live()
            var states: [Domain.State] = []
            for turn in 0..<Int.random(in: 1...100, using: &generator) {
                let action: Domain.Action = turn % 3 == 0 ? .increment : .add("\(turn)")
                let io = middleware.handle(action: action, from: ActionSource(file: #fileID, function: #function, line: #line), state: { live.state })
                Domain.reducer.reduce(action, &live.state)
                states.append(live.state)
                if Int.random(in: 0..<4, using: &generator) != 0 {
                    io.run(AnyActionHandler { _ in })
                }
                recorder.checkInvariants()
                let ended = recorder.recordedCount
                let steps = recorder.steps
                let firstRead = max(ended - capacity, 0)
                #expect(steps.map(\.index) == Array(firstRead..<ended), "seed \(seed)")
                #expect(steps.map(\.state) == Array(states[firstRead..<ended]), "seed \(seed)")
            }
        }
    }
}
