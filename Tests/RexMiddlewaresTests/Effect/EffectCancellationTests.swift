import RexCore
import RexMiddlewares
import RexTestSupport
import Testing

@Suite("Effect cancellation")
struct EffectCancellationTests {
    /// A token type whose every value hashes alike, to show tokens compare by equality.
    struct CollidingToken: Hashable, Sendable {
        let name: String
        func hash(into hasher: inout Hasher) { hasher.combine(0) }
    }

    @Test("A new effect with the token of one in flight cancels the old one")
    func cancelInFlight() async {
        let cancelled = Recorder<String>()
        let clock = ManualClock()
        let effects = LookupEffects(dependencies: LookupDependencies(clock: clock)) { action, _, _ in
            guard case .search(let query) = action else { return .doNothing }
            return Effect.run { context in
                do {
                    try await context.dependencies.clock.sleep(for: .seconds(1))
                    context.send(.results(query))
                } catch {
                    cancelled.record(query)
                }
            }
            .cancellable("search")
        }
        let store = ReduxStoreBase(initialState: LookupState(), reducer: lookupReducer, middleware: effects)
        store.dispatch(.search("a"))
        await clock.waitForSleepers(1)
        store.dispatch(.search("ab"))
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        await effects.waitForEffects()
        #expect(cancelled.values == ["a"])
        #expect(store.state.results == ["ab"])
        #expect(effects.runningEffectCount == 0)
    }

    @Test("Tokens whose hashes collide are still distinct")
    func collidingTokensStayDistinct() async {
        let clock = ManualClock()
        let effects = LookupEffects(dependencies: LookupDependencies(clock: clock)) { action, _, _ in
            guard case .search(let query) = action else { return .doNothing }
            return Effect.run { context in
                try? await context.dependencies.clock.sleep(for: .seconds(1))
                context.send(.results(query))
            }
            .cancellable(CollidingToken(name: query))
        }
        #expect(CollidingToken(name: "a").hashValue == CollidingToken(name: "b").hashValue)
        let store = ReduxStoreBase(initialState: LookupState(), reducer: lookupReducer, middleware: effects)
        store.dispatch(.search("a"))
        store.dispatch(.search("b"))
        await clock.waitForSleepers(2)
        #expect(effects.runningEffectCount == 2)
        clock.advance(by: .seconds(1))
        await effects.waitForEffects()
        #expect(store.state.results.sorted() == ["a", "b"])
    }

    @Test("An effect may run beside one of the same token when asked")
    func runBeside() async {
        let clock = ManualClock()
        let effects = LookupEffects(dependencies: LookupDependencies(clock: clock)) { action, _, _ in
            guard case .search(let query) = action else { return .doNothing }
            return Effect.run { context in
                try? await context.dependencies.clock.sleep(for: .seconds(1))
                context.send(.results(query))
            }
            .cancellable("search", cancelInFlight: false)
        }
        let store = ReduxStoreBase(initialState: LookupState(), reducer: lookupReducer, middleware: effects)
        store.dispatch(.search("a"))
        store.dispatch(.search("b"))
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(1))
        await effects.waitForEffects()
        #expect(store.state.results.sorted() == ["a", "b"])
    }

    @Test("toCancel cancels the effects of its token")
    func toCancel() async {
        let clock = ManualClock()
        let cancelled = Recorder<String>()
        let effects = LookupEffects(dependencies: LookupDependencies(clock: clock)) { action, _, _ in
            switch action {
            case .search(let query):
                return Effect.run { context in
                    do {
                        try await context.dependencies.clock.sleep(for: .seconds(1))
                        context.send(.results(query))
                    } catch {
                        cancelled.record(query)
                    }
                }
                .cancellable("search")
            case .cancelSearch:
                return .toCancel("search")
            default:
                return .doNothing
            }
        }
        let store = ReduxStoreBase(initialState: LookupState(), reducer: lookupReducer, middleware: effects)
        store.dispatch(.search("a"))
        await clock.waitForSleepers(1)
        store.dispatch(.cancelSearch)
        await effects.waitForEffects()
        #expect(cancelled.values == ["a"])
        #expect(effects.runningEffectCount == 0)
        #expect(store.state.results.isEmpty)
    }

    @Test("Releasing the store cancels the effects it started, and they see the cancellation")
    func releasingTheStoreCancels() async {
        let clock = ManualClock()
        let (cancellations, seen) = AsyncStream.makeStream(of: String.self)
        weak var weakStore: ReduxStoreBase<LookupAction, LookupState>?
        do {
            let effects = LookupEffects(dependencies: LookupDependencies(clock: clock)) { action, _, _ in
                guard case .search(let query) = action else { return .doNothing }
                return .run { context in
                    do {
                        try await context.dependencies.clock.sleep(for: .seconds(60))
                    } catch {
                        seen.yield(query)
                    }
                }
            }
            let store = ReduxStoreBase(initialState: LookupState(), reducer: lookupReducer, middleware: effects)
            weakStore = store
            store.dispatch(.search("long"))
            await clock.waitForSleepers(1)
        }
        #expect(weakStore == nil)
        var iterator = cancellations.makeAsyncIterator()
        #expect(await iterator.next() == "long")
        #expect(clock.sleeperCount == 0)
    }
}
