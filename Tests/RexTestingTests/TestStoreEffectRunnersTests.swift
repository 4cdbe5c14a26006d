import RexCore
import RexMiddlewares
import RexTesting
import Testing

/// A middleware of the app's that holds an effect middleware among other properties.
struct TimerFeature: MiddlewareProtocol {
    let name = "timer"
    let effects: EffectMiddleware<TimerAction, TimerAction, TimerState, TestClock>

    func handle(action: TimerAction, from dispatcher: ActionSource, state: @escaping GetState<TimerState>) -> IO<TimerAction> {
        effects.handle(action: action, from: dispatcher, state: state)
    }
}

@Suite("TestStore, finding the effects that finish waits for")
struct TestStoreEffectRunnersTests {
    @Test("An effect middleware given as the middleware alone is waited for")
    func effectMiddlewareAlone() async {
        let clock = TestClock()
        let store = TestStore(initialState: TimerState(), reducer: timerReducer, middleware: timerEffects(clock: clock))
        await store.send(.start) { $0.running = true }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        await store.receive(.tick) { $0.ticks = 1 }
        await store.finish()
    }

    /// Starts the timer's effect and ends the test while it waits: `finish` must say it is running.
    static func expectRunningAtFinish(_ store: TestStore<TimerAction, TimerState>, clock: TestClock) async {
        await store.send(.start) { $0.running = true }
        await clock.waitForSleepers(1)
        await withKnownIssue {
            await store.finish(timeout: .milliseconds(100))
        } matching: { says("1 effect is still running")($0) }
        clock.advance(by: .seconds(1))  // lets the effect end, rather than leave it waiting
    }

    @Test("An effect still running at finish fails, found inside a gated middleware")
    func foundInsideGate() async {
        let clock = TestClock()
        let middleware = timerEffects(clock: clock).gated(by: { _ in nil })
        await Self.expectRunningAtFinish(TestStore(initialState: TimerState(), reducer: timerReducer, middleware: middleware), clock: clock)
    }

    @Test("An effect still running at finish fails, found inside a type of the app's joined with <>")
    func foundInsideAppTypeInPair() async {
        let clock = TestClock()
        let middleware = Self.nothing <> TimerFeature(effects: timerEffects(clock: clock))
        await Self.expectRunningAtFinish(TestStore(initialState: TimerState(), reducer: timerReducer, middleware: middleware), clock: clock)
    }

    @Test("An effect still running at finish fails, found inside a logged middleware")
    func foundInsideLogger() async {
        let clock = TestClock()
        let middleware = (timerEffects(clock: clock) <> Self.nothing).logger(destination: .custom { _ in })
        await Self.expectRunningAtFinish(TestStore(initialState: TimerState(), reducer: timerReducer, middleware: middleware), clock: clock)
    }

    /// A middleware that runs no effect.
    static let nothing = AnyMiddleware<TimerAction, TimerAction, TimerState> { _, _, _ in .pure() }

    @Test("Effects named at creation are what finish waits for, in place of those inside")
    func namedEffectsReplaceFound() async {
        let clock = TestClock()
        let store = TestStore(initialState: TimerState(), reducer: timerReducer, middleware: timerEffects(clock: clock), effects: [])
        await store.send(.start) { $0.running = true }
        await clock.waitForSleepers(1)
        await store.finish(timeout: .milliseconds(100))
        clock.advance(by: .seconds(1))
    }
}
