// The Testing article's test file, compiled and run here; DocumentationCodeTests checks that the
// article quotes it as it is. The timer feature it tests is TestStoreTests.swift's.
import RexTesting
import Testing

@Suite("Timer")
struct TimerTests {
    @Test("Start runs the timer, which ticks a second later")
    func startTicks() async {
        let clock = TestClock()
        let store = TestStore(initialState: TimerState(), reducer: timerReducer, middleware: timerEffects(clock: clock))
        await store.send(.start) { $0.running = true }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        await store.receive(.tick) { $0.ticks = 1 }
        await store.finish()
    }
}
