import RexCore
import RexMiddlewares
import RexTesting
import Testing

/// A feature with a delayed effect, for the test store's own tests.
enum TimerAction: Sendable, Equatable {
    case start
    case tick
    case add(Int)
}

struct TimerState: Sendable, Equatable {
    var running = false
    var ticks = 0
}

let timerReducer = Reducer<TimerAction, TimerState>.reduce { action, state in
    switch action {
    case .start: state.running = true
    case .tick: state.ticks += 1
    case .add(let amount): state.ticks += amount
    }
}

/// `start` waits a second on the clock, then ticks.
func timerEffects(clock: TestClock) -> EffectMiddleware<TimerAction, TimerAction, TimerState, TestClock> {
    EffectMiddleware(dependencies: clock) { action, _, _ in
        guard action == .start else { return .doNothing }
        return Effect.just(.tick).delay(for: .seconds(1), clock: { $0 })
    }
}

/// Matches an issue whose comment contains `text`.
func says(_ text: String) -> @Sendable (Issue) -> Bool {
    { issue in issue.comments.contains { $0.rawValue.contains(text) } }
}

@Suite("TestStore")
struct TestStoreTests {
    /// Sends a `tick` back, at once, for every `start`.
    static let ticksOnStart = AnyMiddleware<TimerAction, TimerAction, TimerState> { action, _, _ in
        action == .start ? IO { output in output.dispatch(.tick) } : .pure()
    }

    @Test("A step passes when its closure describes the state change")
    func sendPasses() async {
        let store = TestStore(initialState: TimerState(), reducer: timerReducer)
        await store.send(.add(2)) { $0.ticks = 2 }
        await store.send(.tick) { $0.ticks = 3 }
        await store.finish()
        #expect(store.state.ticks == 3)
    }

    @Test("Sending, advancing the clock and receiving the effect's action passes, and finish finds nothing left")
    func receivePasses() async {
        let clock = TestClock()
        let effects = timerEffects(clock: clock)
        let store = TestStore(initialState: TimerState(), reducer: timerReducer, middleware: effects, effects: [effects])
        await store.send(.start) { $0.running = true }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        await store.receive(.tick) { $0.ticks = 1 }
        await store.finish()
    }

    @Test("A state change the step did not describe fails, with a diff")
    func missedStateChangeFails() async {
        let store = TestStore(initialState: TimerState(), reducer: timerReducer)
        await withKnownIssue {
            await store.send(.add(2))
        } matching: { says(".ticks: 0 → 2")($0) }
    }

    @Test("A wrongly described state change fails")
    func wrongStateChangeFails() async {
        let store = TestStore(initialState: TimerState(), reducer: timerReducer)
        await withKnownIssue {
            await store.send(.add(2)) { $0.ticks = 3 }
        } matching: { says(".ticks: 3 → 2")($0) }
    }

    @Test("An action sent back but never received fails at finish")
    func unreceivedActionFails() async {
        let store = TestStore(initialState: TimerState(), reducer: timerReducer, middleware: Self.ticksOnStart)
        await store.send(.start) { $0.running = true }
        await withKnownIssue {
            await store.finish()
        } matching: { says("tick sent back but never received")($0) }
    }

    @Test("Receiving another action than the one sent back fails")
    func wrongReceivedActionFails() async {
        let store = TestStore(initialState: TimerState(), reducer: timerReducer, middleware: Self.ticksOnStart)
        await store.send(.start) { $0.running = true }
        await withKnownIssue {
            await store.receive(.add(1))
        } matching: { says("Received tick, expected add(1)")($0) }
    }

    @Test("Sending while an action sent back waits to be received fails")
    func sendingBeforeReceivingFails() async {
        let store = TestStore(initialState: TimerState(), reducer: timerReducer, middleware: Self.ticksOnStart)
        await store.send(.start) { $0.running = true }
        await withKnownIssue {
            await store.send(.add(1)) { $0.ticks = 1 }
        } matching: { says("Must receive tick before sending add(1)")($0) }
        await store.receive(.tick) { $0.ticks = 2 }
    }

    @Test("An effect still running at the end fails")
    func lingeringEffectFails() async {
        let clock = TestClock()
        let effects = timerEffects(clock: clock)
        let store = TestStore(initialState: TimerState(), reducer: timerReducer, middleware: effects, effects: [effects])
        await store.send(.start) { $0.running = true }
        await clock.waitForSleepers(1)
        await withKnownIssue {
            await store.finish(timeout: .milliseconds(100))
        } matching: { says("1 effect is still running")($0) }
    }

    @Test("Not exhaustive, unasserted changes, actions and effects pass")
    func nonExhaustivePasses() async {
        let clock = TestClock()
        let effects = timerEffects(clock: clock)
        let store = TestStore(
            initialState: TimerState(),
            reducer: timerReducer,
            middleware: effects,
            effects: [effects],
            exhaustivity: .off
        )
        await store.send(.start)
        await store.send(.add(5))
        await store.finish(timeout: .milliseconds(10))
        #expect(store.state == TimerState(running: true, ticks: 5))
    }
}
