import RexCore
import RexMiddlewares
import RexTesting
import Testing

/// A debounced search, as an app writes it with RexMiddlewares.
enum FinderAction: Sendable, Equatable {
    case typed(String)
    case found(String)
    case gate(GateAction)
}

struct FinderState: Sendable, Equatable {
    var query = ""
    var result = ""
}

let finderReducer = Reducer<FinderAction, FinderState>.reduce { action, state in
    switch action {
    case .typed(let query): state.query = query
    case .found(let result): state.result = result
    case .gate: break
    }
}

@Suite("RexMiddlewares, with TestStore")
struct MiddlewaresWithTestStoreTests {
    static func finder(clock: TestClock) -> EffectMiddleware<FinderAction, FinderAction, FinderState, TestClock> {
        EffectMiddleware(dependencies: clock) { action, _, _ in
            guard case .typed(let query) = action else { return .doNothing }
            return Effect.just(.found("results for \(query)")).debounce("find", for: .milliseconds(300), clock: { $0 })
        }
    }

    @Test("A debounced effect sends back one action, for the last query, once the clock has moved")
    func debouncedEffect() async {
        let clock = TestClock()
        let effects = Self.finder(clock: clock)
        let store = TestStore(initialState: FinderState(), reducer: finderReducer, middleware: effects, effects: [effects])
        await store.send(.typed("r")) { $0.query = "r" }
        await store.send(.typed("rex")) { $0.query = "rex" }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(300))
        await store.receive(.found("results for rex")) { $0.result = "results for rex" }
        await store.finish()
    }

    @Test("A gated effect middleware sends nothing back while its gate is off")
    func gatedEffects() async {
        let clock = TestClock()
        let effects = Self.finder(clock: clock)
        let gated = effects.gated(by: { action in if case .gate(let gate) = action { gate } else { nil } })
        let store = TestStore(initialState: FinderState(), reducer: finderReducer, middleware: gated, effects: [effects])
        await store.send(.gate(.turnOff))
        await store.send(.typed("rex")) { $0.query = "rex" }
        await store.finish()
    }
}
