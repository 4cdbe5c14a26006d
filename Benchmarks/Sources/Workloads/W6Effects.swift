import RexCore
@_spi(Testing) import RexMiddlewares

/// W6: effects through `EffectMiddleware`, each sending one action back.
public final class EffectsWorkload {
    public enum Action: Sendable {
        case start(Int)
        case finished(Int)
    }

    public struct State: Sendable {
        var finished = 0
    }

    let effects = EffectMiddleware<Action, Action, State, Void>.onAction { action, _, _ in
        guard case .start(let number) = action else { return .doNothing }
        return Effect.just(.finished(number)).cancellable(number)
    }
    let store: ReduxStoreBase<Action, State>

    public init() {
        store = ReduxStoreBase(
            initialState: State(),
            reducer: .reduce { action, state in
                if case .finished = action { state.finished += 1 }
            },
            middleware: effects
        )
    }

    /// Starts `count` effects, waits until all have ended, and checks that every action
    /// arrived and no effect is left registered.
    public func run(effects count: Int) async {
        let before = store.state.finished
        for number in 0..<count {
            store.dispatch(.start(number))
        }
        await effects.waitForEffects()
        check(store.state.finished == before + count, "W6", "\(store.state.finished - before) of \(count) actions arrived")
        check(effects.runningEffectCount == 0 && effects.activeTokenCount == 0, "W6", "effects left registered")
    }
}
