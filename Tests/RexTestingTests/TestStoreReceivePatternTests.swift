import RexCore
import RexMiddlewares
import RexTesting
import Testing

@Suite("TestStore: receiving by pattern")
struct TestStoreReceivePatternTests {
    /// A test store of the catalog with its detail loader, a detail opened and its load sent back.
    static func openedDetail(_ id: Int) async -> (TestStore<CatalogAction, CatalogState>, TestClock) {
        let clock = TestClock()
        let store = TestStore(initialState: CatalogState(), reducer: catalogReducer, middleware: detailLoader(clock: clock))
        await store.send(.open(id)) { $0.detail = DetailState(id: id) }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        return (store, clock)
    }

    @Test("An action that is not Equatable is received by the case path of its optional properties")
    func receivesByCasePath() async {
        let (store, _) = await Self.openedDetail(2)
        await store.receive(\.detail?.loaded) { $0.detail?.items = ["item 2"] }
        await store.send(.close) { $0.detail = nil }
        await store.finish()
    }

    @Test("A case path with a value receives the action only when the value is equal")
    func receivesByCasePathAndValue() async {
        let (store, _) = await Self.openedDetail(2)
        await store.receive(\.detail?.loaded, ["item 2"]) { $0.detail?.items = ["item 2"] }
        await store.send(.close) { $0.detail = nil }
        await store.finish()
    }

    @Test("A case path with another value fails, naming the value expected")
    func otherValueFails() async {
        let (store, _) = await Self.openedDetail(2)
        await withKnownIssue {
            await store.receive(\.detail?.loaded, ["item 3"])
        } matching: { says("expected [\"item 3\"] at the case path")($0) }
        await store.send(.close) { $0.detail = nil }
        await store.finish()
    }

    @Test("A case path that finds nothing in the action sent back fails, naming the action")
    func otherCaseFails() async {
        let (store, _) = await Self.openedDetail(2)
        await withKnownIssue {
            await store.receive(\.detail?.failed)
        } matching: { says("Received detail(")($0) && says("expected an action the case path finds a value in")($0) }
        await store.send(.close) { $0.detail = nil }
        await store.finish()
    }

    @Test("A closure finds the payload of a case the action has no property for")
    func receivesByClosure() async {
        let (store, _) = await Self.openedDetail(0)
        await store.receive({ action -> (any Error)? in
            if case .detail(.failed(let error)) = action { error } else { nil }
        }) { $0.detail?.error = "no item 0" }
        await store.send(.close) { $0.detail = nil }
        await store.finish()
    }

    @Test("A closure with a value receives the action only when the value is equal")
    func receivesByClosureAndValue() async {
        let (store, _) = await Self.openedDetail(2)
        await withKnownIssue {
            await store.receive({ $0.detail?.loaded?.first }, "item 3")
        } matching: { says("expected item 3 at the case path")($0) }
        await store.send(.close) { $0.detail = nil }
        await store.finish()
    }

    @Test("An Equatable action is still received by equality")
    func equatableStillReceived() async {
        let store = TestStore(initialState: TimerState(), reducer: timerReducer, middleware: TestStoreTests.ticksOnStart)
        await store.send(.start) { $0.running = true }
        await store.receive(.tick) { $0.ticks = 1 }
        await store.finish()
    }
}
