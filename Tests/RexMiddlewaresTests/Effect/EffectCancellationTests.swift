import RexCore
@_spi(Testing) import RexMiddlewares
import RexTesting
import RexTestSupport
import Testing

@Suite("Effect cancellation")
struct EffectCancellationTests {
    /// A token type whose every value hashes alike, to show tokens compare by equality.
    struct CollidingToken: Hashable, Sendable {
        let name: String
        func hash(into hasher: inout Hasher) { hasher.combine(0) }
    }

    typealias SearchEffect = Effect<LookupDependencies, LookupAction>

    /// Effects that answer `search` by sleeping a second on the clock, then sending the query
    /// back (or passing it to `onCancel` if cancelled meanwhile), made cancellable by `token`;
    /// and `cancelSearch` with `toCancel("search")`.
    static func sleepingSearch(
        clock: TestClock,
        onCancel: @escaping @Sendable (String) -> Void = { _ in },
        token: @escaping @Sendable (SearchEffect, String) -> SearchEffect
    ) -> (LookupEffects, ReduxStoreBase<LookupAction, LookupState>) {
        let effects = LookupEffects(dependencies: LookupDependencies(clock: clock)) { action, _, _ in
            switch action {
            case .search(let query):
                let effect = SearchEffect.run { context in
                    do {
                        try await context.dependencies.clock.sleep(for: .seconds(1))
                        context.send(.results(query))
                    } catch {
                        onCancel(query)
                    }
                }
                return token(effect, query)
            case .cancelSearch:
                return .toCancel("search")
            default:
                return .doNothing
            }
        }
        return (effects, ReduxStoreBase(initialState: LookupState(), reducer: lookupReducer, middleware: effects))
    }

    @Test("A new effect with the token of one in flight cancels the old one")
    func cancelInFlight() async throws {
        try await withDeadline {
            let cancelled = Recorder<String>()
            let clock = TestClock()
            let (effects, store) = Self.sleepingSearch(clock: clock, onCancel: { cancelled.record($0) }) { effect, _ in effect.cancellable("search") }
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
    }

    @Test("A just with the token of an effect in flight cancels it, and leaves nothing behind")
    func justCancelsInFlight() async throws {
        try await withDeadline {
            let cancelled = Recorder<String>()
            let clock = TestClock()
            let effects = LookupEffects(dependencies: LookupDependencies(clock: clock)) { action, _, _ in
                switch action {
                case .search(let query):
                    return SearchEffect.run { context in
                        do {
                            try await context.dependencies.clock.sleep(for: .seconds(1))
                            context.send(.results(query))
                        } catch {
                            cancelled.record(query)
                        }
                    }
                    .cancellable("search")
                case .ping:
                    return SearchEffect.just(.pong).cancellable("search")
                default:
                    return .doNothing
                }
            }
            let store = ReduxStoreBase(initialState: LookupState(), reducer: lookupReducer, middleware: effects)
            store.dispatch(.search("a"))
            await clock.waitForSleepers(1)
            store.dispatch(.ping)
            await effects.waitForEffects()
            #expect(cancelled.values == ["a"])
            #expect(store.state.pongs == 1)
            #expect(store.state.results.isEmpty)
            #expect(effects.runningEffectCount == 0)
            #expect(effects.activeTokenCount == 0)
        }
    }

    @Test("Tokens are equal when they wrap equal values of one type")
    func tokenEquality() {
        #expect(EffectToken("search") == EffectToken("search"))
        #expect(EffectToken("search") != EffectToken("other"))
        #expect(EffectToken(1) == EffectToken(1))
        #expect(EffectToken(1) != EffectToken(Int8(1)))
        #expect(EffectToken(CollidingToken(name: "a")) != EffectToken(CollidingToken(name: "b")))
        #expect(EffectToken(EffectToken(7)) == EffectToken(7))
        var tokens: Set = [EffectToken(1), EffectToken(Int8(1)), EffectToken(1), EffectToken(CollidingToken(name: "a"))]
        tokens.insert(EffectToken(CollidingToken(name: "a")))
        #expect(tokens.count == 3)
    }

    @Test("A token keeps its value and describes it, whatever the value's type")
    func tokenValueAndDescription() {
        #expect(EffectToken(42).value as? Int == 42)
        #expect(EffectToken("search").value as? String == "search")
        #expect(EffectToken(Int8(3)).value as? Int8 == 3)
        #expect(EffectToken(Int8(3)).value as? Int == nil)
        #expect(EffectToken(CollidingToken(name: "a")).value as? CollidingToken == CollidingToken(name: "a"))
        #expect(EffectToken(42).description == "42")
        #expect(EffectToken("search").description == "search")
        #expect(EffectToken(CollidingToken(name: "a")).description == String(describing: CollidingToken(name: "a")))
        // An optional stays an optional: it is not unwrapped into an `Int` token.
        let optional: Int? = 5
        #expect(EffectToken(optional).description == "Optional(5)")
        #expect(EffectToken(optional).value as? Int? == 5)
        #expect(EffectToken(optional) != EffectToken(5))
        // A string and another type that describes itself the same way stay different tokens.
        #expect(EffectToken("42") != EffectToken(42))
        #expect(EffectToken("42") != EffectToken(UInt(42)))
    }

    @Test("Tokens whose hashes collide are still distinct")
    func collidingTokensStayDistinct() async throws {
        try await withDeadline {
            #expect(CollidingToken(name: "a").hashValue == CollidingToken(name: "b").hashValue)
            let clock = TestClock()
            let (effects, store) = Self.sleepingSearch(clock: clock) { effect, query in effect.cancellable(CollidingToken(name: query)) }
            await store.dispatchAndWait(.search("a"))
            await store.dispatchAndWait(.search("b"))
            // Both effects started in their turns' IO; had "b" been taken for "a", it would
            // have replaced it under one token (and "a" would never sleep).
            try #require(effects.activeTokenCount == 2)
            await clock.waitForSleepers(2)
            #expect(effects.runningEffectCount == 2)
            clock.advance(by: .seconds(1))
            await effects.waitForEffects()
            #expect(store.state.results.sorted() == ["a", "b"])
        }
    }

    @Test("An effect may run beside one of the same token when asked")
    func runBeside() async throws {
        try await withDeadline {
            let clock = TestClock()
            let (effects, store) = Self.sleepingSearch(clock: clock) { effect, _ in effect.cancellable("search", cancelInFlight: false) }
            store.dispatch(.search("a"))
            store.dispatch(.search("b"))
            await clock.waitForSleepers(2)
            clock.advance(by: .seconds(1))
            await effects.waitForEffects()
            #expect(store.state.results.sorted() == ["a", "b"])
        }
    }

    @Test("toCancel cancels the effects of its token")
    func toCancel() async throws {
        try await withDeadline {
            let cancelled = Recorder<String>()
            let clock = TestClock()
            let (effects, store) = Self.sleepingSearch(clock: clock, onCancel: { cancelled.record($0) }) { effect, _ in effect.cancellable("search") }
            store.dispatch(.search("a"))
            await clock.waitForSleepers(1)
            store.dispatch(.cancelSearch)
            await effects.waitForEffects()
            #expect(cancelled.values == ["a"])
            #expect(effects.runningEffectCount == 0)
            #expect(store.state.results.isEmpty)
        }
    }

    @Test("Releasing the store cancels the effects it started, and they see the cancellation")
    func releasingTheStoreCancels() async throws {
        try await withDeadline {
            let clock = TestClock()
            let (cancellations, seen) = AsyncStream.makeStream(of: String.self)
            weak var weakStore: ReduxStoreBase<LookupAction, LookupState>?
            weak var weakEffects: LookupEffects?
            do {
                let (effects, store) = Self.sleepingSearch(clock: clock, onCancel: { seen.yield($0) }) { effect, _ in effect }
                weakStore = store
                weakEffects = effects
                store.dispatch(.search("long"))
                await clock.waitForSleepers(1)
            }
            #expect(weakStore == nil)
            #expect(weakEffects == nil)
            var iterator = cancellations.makeAsyncIterator()
            #expect(await iterator.next() == "long")
            #expect(clock.sleeperCount == 0)
        }
    }
}
