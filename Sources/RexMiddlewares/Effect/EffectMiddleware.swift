import RexCore

/// A middleware that answers actions with ``Effect``s: asynchronous work, run as Swift tasks,
/// that may send actions back to the store.
///
/// ```swift
/// let favorites = EffectMiddleware<AppAction, AppAction, AppState, API>.onAction { action, dispatcher, state in
///     guard case .toggleFavorite(let id) = action else { return .doNothing }
///     return .promise { api in .favoriteChanged(id, await api.toggle(id)) }
///         .cancellable("favorite \(id)")
/// }
/// let middleware = favorites.inject(liveAPI)   // a MiddlewareReader, until given its dependencies
/// ```
///
/// The effect is asked for in `handle` (the state is the one before the reducer) and started
/// in the IO, after the reducer. Releasing the middleware (with the store that holds it) cancels
/// every effect still running.
public final class EffectMiddleware<InputActionType, OutputActionType, StateType, Dependencies: Sendable>:  // SwiftRex 0.8's parameter names (Docs/Names.md)
    MiddlewareProtocol, Sendable
{
    /// Builds the effect for an action.
    public typealias Handler = @Sendable (InputActionType, ActionSource, @escaping GetState<StateType>) -> Effect<
        Dependencies, OutputActionType
    >

    @usableFromInline let handler: Handler
    @usableFromInline let dependencies: Dependencies
    @usableFromInline let registry = EffectRegistry()

    /// Creates the middleware with its dependencies.
    public init(dependencies: Dependencies, handler: @escaping Handler) {
        self.dependencies = dependencies
        self.handler = handler
    }

    deinit {
        registry.cancelAll()
    }

    /// Returns a ``/RexCore/MiddlewareReader`` that makes the middleware once given its
    /// dependencies.
    public static func onAction(_ handler: @escaping Handler) -> MiddlewareReader<Dependencies, EffectMiddleware> {
        MiddlewareReader { dependencies in EffectMiddleware(dependencies: dependencies, handler: handler) }
    }

    /// How many effects are running now.
    public var runningEffectCount: Int {
        registry.count
    }

    /// How many tokens have effects running or a throttle gate closed; zero once all is done.
    ///
    /// A probe for Rex's own tests and benchmarks (`@_spi(Testing) import RexMiddlewares`), not
    /// part of the API an app uses.
    @_spi(Testing)
    public var activeTokenCount: Int {
        registry.tokenCount
    }

    /// Returns once every effect started so far, and every effect they start meanwhile, has
    /// ended, cancelled ones included. A throttle's timer counts as an effect until its interval
    /// has passed on its clock.
    public func waitForEffects() async {
        await registry.waitUntilIdle()
    }

    /// Asks for the action's effect and returns an IO that starts it, or a pure IO for
    /// ``Effect/doNothing``.
    @inlinable
    public func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        let effect = handler(action, dispatcher, state)
        switch effect.work {
        case .none:
            return .pure()
        case .cancel(let token):
            return IO { [registry] _ in registry.cancel(token) }
        case .send, .run:
            // The launch is made here, so that the IO captures it alone and needs no context.
            let launch = EffectLaunch(effect: effect, dependencies: dependencies, registry: registry)
            return IO { [launch] output in launch.start(output: output) }
        }
    }
}

extension EffectMiddleware where Dependencies == Void {
    /// Returns the middleware at once: it needs no dependencies.
    public static func onAction(_ handler: @escaping Handler) -> EffectMiddleware {
        EffectMiddleware(dependencies: (), handler: handler)
    }
}
