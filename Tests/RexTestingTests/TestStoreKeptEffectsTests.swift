import RexCore
import RexMiddlewares
import RexTestSupport
import RexTesting
import Testing

@Suite("TestStore: effects the state keeps")
struct TestStoreKeptEffectsTests {
    @Test("finish() reports an effect the state still keeps, with its key and what ends it")
    func keptEffectReported() async {
        let (store, _) = await TestStoreReceivePatternTests.openedDetail(2)
        await store.receive(\.detail?.loaded) { $0.detail?.items = ["item 2"] }
        await withKnownIssue {
            await store.finish(timeout: .milliseconds(100))
        } matching: { issue in
            says("1 effect is still running")(issue) && says("The state keeps the effect of key \"supervise at ")(issue)
                && says("end the state that keeps it before finish()")(issue)
        }
        await store.send(.close) { $0.detail = nil }
        await store.finish()
    }

    @Test("A detail's effect is cancelled when the detail closes, and finish() passes")
    func closingTheDetailEndsItsEffect() async {
        let clock = TestClock()
        let loader = detailLoader(clock: clock)
        let store = TestStore(initialState: CatalogState(), reducer: catalogReducer, middleware: loader)
        await store.send(.open(2)) { $0.detail = DetailState(id: 2) }
        await clock.waitForSleepers(1)
        #expect(loader.runningEffectCount == 1)
        await store.send(.close) { $0.detail = nil }
        await store.finish()
        #expect(loader.runningEffectCount == 0)
        #expect(clock.sleeperCount == 0)
    }

    @Test("A test store shows committed states to a supervisor, as a store does: its check runs after the turn's other IOs")
    func supervisorCheckedAfterTheTurnsIOs() async {
        let clock = TestClock()
        let loader = detailLoader(clock: clock)
        let seen = RexTestSupport.Recorder<[String]>()
        // Composed after the supervisor; its IO says which effects the state keeps then.
        let witness = AnyMiddleware<CatalogAction, CatalogAction, CatalogState> { _, _, _ in
            IO { _ in seen.record(loader.keptEffectKeys) }
        }
        let store = TestStore(initialState: CatalogState(), reducer: catalogReducer, middleware: loader <> witness)
        await store.send(.open(2)) { $0.detail = DetailState(id: 2) }
        #expect(seen.values == [[]])
        #expect(loader.keptEffectKeys.count == 1)
        await store.send(.close) { $0.detail = nil }
        #expect(seen.values.count == 2 && seen.values.last?.count == 1)
        #expect(loader.keptEffectKeys.isEmpty)
        await store.finish()
    }
}
