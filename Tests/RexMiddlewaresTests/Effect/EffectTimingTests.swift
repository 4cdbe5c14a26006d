import RexCore
@_spi(Testing) import RexMiddlewares
import RexTesting
import RexTestSupport
import Testing

@Suite("Effect timing, on a manual clock")
struct EffectTimingTests {
    static func debouncedSearch(clock: TestClock) -> LookupEffects {
        LookupEffects(dependencies: LookupDependencies(clock: clock)) { action, _, _ in
            guard case .search(let query) = action else { return .doNothing }
            return Effect.just(.results(query)).debounce("search", for: .milliseconds(300), clock: { $0.clock })
        }
    }

    @Test("A debounced effect runs once, for the last action, after the quiet time")
    func debounce() async throws {
        try await withDeadline {
            let clock = TestClock()
            let effects = Self.debouncedSearch(clock: clock)
            let store = ReduxStoreBase(initialState: LookupState(), reducer: lookupReducer, middleware: effects)
            for query in ["s", "sw", "swi"] {
                await store.dispatchAndWait(.search(query))
            }
            // The first two were cancelled when the next started; only the last one waits.
            await clock.waitForSleepers(1)
            clock.advance(by: .milliseconds(299))
            // Still asleep: an effect woken early would have left the clock's sleepers.
            #expect(clock.sleeperCount == 1)
            #expect(store.state.results.isEmpty)
            clock.advance(by: .milliseconds(1))
            await effects.waitForEffects()
            #expect(store.state.results == ["swi"])
        }
    }

    @Test("A delayed effect waits for the clock")
    func delay() async throws {
        try await withDeadline {
            let clock = TestClock()
            let effects = LookupEffects(dependencies: LookupDependencies(clock: clock)) { action, _, _ in
                guard case .search(let query) = action else { return .doNothing }
                return Effect.just(.results(query)).delay(for: .seconds(2), clock: { $0.clock })
            }
            let store = ReduxStoreBase(initialState: LookupState(), reducer: lookupReducer, middleware: effects)
            store.dispatch(.search("later"))
            await clock.waitForSleepers(1)
            clock.advance(by: .milliseconds(1_999))
            // Still asleep: an effect woken early would have left the clock's sleepers.
            #expect(clock.sleeperCount == 1)
            #expect(store.state.results.isEmpty)
            clock.advance(by: .milliseconds(1))
            await effects.waitForEffects()
            #expect(store.state.results == ["later"])
        }
    }

    @Test("A throttled effect runs once per interval; the others are dropped")
    func throttle() async throws {
        try await withDeadline {
            let clock = TestClock()
            let effects = LookupEffects(dependencies: LookupDependencies(clock: clock)) { action, _, _ in
                guard case .search(let query) = action else { return .doNothing }
                return Effect.just(.results(query)).throttle("search", for: .seconds(1), clock: { $0.clock })
            }
            let store = ReduxStoreBase(initialState: LookupState(), reducer: lookupReducer, middleware: effects)
            await store.dispatchAndWait(.search("first"))
            await store.dispatchAndWait(.search("dropped"))
            await store.waitUntil { $0.results == ["first"] }
            // The gate reopens after the interval; its timer is waited for like an effect.
            await clock.waitForSleepers(1)
            clock.advance(by: .seconds(1))
            await effects.waitForEffects()
            #expect(effects.activeTokenCount == 0)
            await store.dispatchAndWait(.search("again"))
            await store.waitUntil { $0.results == ["first", "again"] }
            #expect(store.state.results == ["first", "again"])
        }
    }
}
