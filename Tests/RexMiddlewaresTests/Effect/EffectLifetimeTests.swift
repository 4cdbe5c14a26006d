import RexCore
@_spi(Testing) import RexMiddlewares
import RexTestSupport
import Testing

@Suite("Effect lifetime")
struct EffectLifetimeTests {
    @Test("An effect that finishes at once leaves no entry behind, with a token or without")
    func finishedEffectLeavesNoEntry() async throws {
        try await withDeadline {
            let effects = EffectMiddleware<LookupAction, LookupAction, LookupState, Void>.onAction { action, _, _ in
                switch action {
                case .search(let query): return .just(.results(query))
                case .many(let number): return Effect.just(.results("\(number)")).cancellable(number)
                default: return .doNothing
                }
            }
            let store = ReduxStoreBase(initialState: LookupState(), reducer: lookupReducer, middleware: effects)
            await store.dispatchAndWait(.search("plain"))
            await store.dispatchAndWait(.many(1))
            // `waitForEffects` awaits the tasks but never removes their entries: what is left
            // now, each task failed to remove itself.
            await effects.waitForEffects()
            #expect(store.state.results.sorted() == ["1", "plain"])
            #expect(effects.runningEffectCount == 0)
            #expect(effects.activeTokenCount == 0)
        }
    }
}
