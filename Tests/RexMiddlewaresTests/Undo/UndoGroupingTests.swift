import RexCore
import RexMiddlewares
import RexTestSupport
import RexTesting
import Testing

@Suite("Undo steps grouped by time")
struct UndoGroupingTests {
    typealias Domain = UndoDomain

    static func grouping(clock: TestClock) -> EffectMiddleware<Domain.Action, Domain.Action, Domain.State, Void> {
        UndoGrouping.middleware(
            closingAfter: .seconds(1),
            recording: Domain.recording,
            closeStep: Domain.Action.history(.closeStep),
            clock: clock
        )
    }

    @Test("Typing joins one step while it goes on; a quiet second on the clock sends closeStep, and the next typing makes a new step")
    func quietClosesTheStep() async throws {
        // The deadline: without the middleware's wait, `waitForSleepers` would wait forever. The
        // default one: 30 s ran out once under the thread sanitizer on CI, the processor taken by
        // other tests, though nothing hung.
        try await withDeadline { try await Self.typeAndPause() }
    }

    static func typeAndPause() async throws {
        let clock = TestClock()
        let grouping = grouping(clock: clock)
        let store = TestStore(initialState: Domain.State(), reducer: Domain.reducer(), middleware: grouping, exhaustivity: .off)
        await store.send(.setTitle("r"))
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(600))
        await store.send(.setTitle("re"))  // within the second: the wait starts again
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(600))
        await store.send(.setTitle("rex"))
        await clock.waitForSleepers(1)
        #expect(store.state.history.undoSteps.map(\.name) == ["Typing"])
        clock.advance(by: .seconds(1))
        await store.receive(.history(.closeStep))
        await store.send(.setTitle("rex!"))
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        await store.receive(.history(.closeStep))
        #expect(store.state.history.undoSteps.map(\.part.title) == ["", "rex"])
        await store.send(.add("milk"))  // a step of its own: nothing to close
        await store.finish()
    }
}
