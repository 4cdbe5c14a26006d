// One `lift` per label set, each a one-line call of `lifted` (`lift(dependencies:)`, whose
// middleware stays as it is, of `contramapDependencies`): SwiftRex 0.8's fifteen spellings.
// The maps are closures; a key-path literal is taken as one (SE-0249), so every label set has a
// single candidate and a `<>` chain of lifted readers type-checks fast (C1).

extension MiddlewareReader {
    /// Returns a reader of larger dependencies whose middleware is this one's lifted to a larger
    /// domain: every map given, the others left as they are.
    ///
    /// ```swift
    /// let reader = favoritesReader.lift(
    ///     inputAction: \AppAction.favorites,
    ///     outputAction: AppAction.favorites,
    ///     state: \AppState.favorites,
    ///     dependencies: \World.api
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - inputAction: Finds the middleware's action in a larger one; `nil` skips the middleware.
    ///   - outputAction: Wraps what the middleware dispatches in a larger action.
    ///   - state: Reads the middleware's state from a larger one.
    ///   - dependencies: Takes the dependencies this reader needs from larger ones.
    @inlinable
    public func lift<GlobalDependencies, GlobalInputAction, GlobalOutputAction, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> MiddlewareType.InputActionType?,
        outputAction: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> MiddlewareType.StateType,
        dependencies: @escaping @Sendable (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<GlobalDependencies, LiftMiddleware<GlobalInputAction, GlobalOutputAction, GlobalState, MiddlewareType>> {
        lifted(inputAction, outputAction, state, dependencies)
    }

    /// Returns a reader of larger dependencies dispatching larger actions and reading a larger state.
    @inlinable
    public func lift<GlobalDependencies, GlobalOutputAction, GlobalState>(
        outputAction: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> MiddlewareType.StateType,
        dependencies: @escaping @Sendable (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<GlobalDependencies, LiftMiddleware<MiddlewareType.InputActionType, GlobalOutputAction, GlobalState, MiddlewareType>> {
        lifted({ $0 }, outputAction, state, dependencies)
    }

    /// Returns a reader of larger dependencies handling larger actions and reading a larger state.
    @inlinable
    public func lift<GlobalDependencies, GlobalInputAction, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> MiddlewareType.InputActionType?,
        state: @escaping @Sendable (GlobalState) -> MiddlewareType.StateType,
        dependencies: @escaping @Sendable (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<GlobalDependencies, LiftMiddleware<GlobalInputAction, MiddlewareType.OutputActionType, GlobalState, MiddlewareType>> {
        lifted(inputAction, { $0 }, state, dependencies)
    }

    /// Returns a reader of larger dependencies handling and dispatching larger actions.
    @inlinable
    public func lift<GlobalDependencies, GlobalInputAction, GlobalOutputAction>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> MiddlewareType.InputActionType?,
        outputAction: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputAction,
        dependencies: @escaping @Sendable (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<GlobalDependencies, LiftMiddleware<GlobalInputAction, GlobalOutputAction, MiddlewareType.StateType, MiddlewareType>> {
        lifted(inputAction, outputAction, { $0 }, dependencies)
    }

    /// Returns a reader whose middleware is this one's lifted to a larger domain, as the
    /// middleware's own `lift(inputAction:outputAction:state:)` does.
    @inlinable
    public func lift<GlobalInputAction, GlobalOutputAction, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> MiddlewareType.InputActionType?,
        outputAction: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> MiddlewareType.StateType
    ) -> MiddlewareReader<Dependencies, LiftMiddleware<GlobalInputAction, GlobalOutputAction, GlobalState, MiddlewareType>> {
        lifted(inputAction, outputAction, state, { $0 })
    }

    /// Returns a reader of larger dependencies reading a larger state.
    @inlinable
    public func lift<GlobalDependencies, GlobalState>(
        state: @escaping @Sendable (GlobalState) -> MiddlewareType.StateType,
        dependencies: @escaping @Sendable (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<
        GlobalDependencies, LiftMiddleware<MiddlewareType.InputActionType, MiddlewareType.OutputActionType, GlobalState, MiddlewareType>
    > {
        lifted({ $0 }, { $0 }, state, dependencies)
    }

    /// Returns a reader of larger dependencies dispatching larger actions.
    @inlinable
    public func lift<GlobalDependencies, GlobalOutputAction>(
        outputAction: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputAction,
        dependencies: @escaping @Sendable (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<
        GlobalDependencies, LiftMiddleware<MiddlewareType.InputActionType, GlobalOutputAction, MiddlewareType.StateType, MiddlewareType>
    > {
        lifted({ $0 }, outputAction, { $0 }, dependencies)
    }

    /// Returns a reader dispatching larger actions and reading a larger state.
    @inlinable
    public func lift<GlobalOutputAction, GlobalState>(
        outputAction: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> MiddlewareType.StateType
    ) -> MiddlewareReader<Dependencies, LiftMiddleware<MiddlewareType.InputActionType, GlobalOutputAction, GlobalState, MiddlewareType>> {
        lifted({ $0 }, outputAction, state, { $0 })
    }

    /// Returns a reader of larger dependencies handling larger actions.
    @inlinable
    public func lift<GlobalDependencies, GlobalInputAction>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> MiddlewareType.InputActionType?,
        dependencies: @escaping @Sendable (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<
        GlobalDependencies, LiftMiddleware<GlobalInputAction, MiddlewareType.OutputActionType, MiddlewareType.StateType, MiddlewareType>
    > {
        lifted(inputAction, { $0 }, { $0 }, dependencies)
    }

    /// Returns a reader handling larger actions and reading a larger state.
    @inlinable
    public func lift<GlobalInputAction, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> MiddlewareType.InputActionType?,
        state: @escaping @Sendable (GlobalState) -> MiddlewareType.StateType
    ) -> MiddlewareReader<Dependencies, LiftMiddleware<GlobalInputAction, MiddlewareType.OutputActionType, GlobalState, MiddlewareType>> {
        lifted(inputAction, { $0 }, state, { $0 })
    }

    /// Returns a reader handling and dispatching larger actions.
    @inlinable
    public func lift<GlobalInputAction, GlobalOutputAction>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> MiddlewareType.InputActionType?,
        outputAction: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputAction
    ) -> MiddlewareReader<Dependencies, LiftMiddleware<GlobalInputAction, GlobalOutputAction, MiddlewareType.StateType, MiddlewareType>> {
        lifted(inputAction, outputAction, { $0 }, { $0 })
    }

    /// Returns a reader reading a larger state.
    @inlinable
    public func lift<GlobalState>(
        state: @escaping @Sendable (GlobalState) -> MiddlewareType.StateType
    ) -> MiddlewareReader<
        Dependencies, LiftMiddleware<MiddlewareType.InputActionType, MiddlewareType.OutputActionType, GlobalState, MiddlewareType>
    > {
        lifted({ $0 }, { $0 }, state, { $0 })
    }

    /// Returns a reader of larger dependencies whose middleware is this one's, itself and not
    /// lifted: what ``contramapDependencies(_:)`` does.
    // The one label set whose reader keeps its middleware type, as in SwiftRex 0.8: nothing else
    // changes, so no `LiftMiddleware` wraps it.
    @inlinable
    public func lift<GlobalDependencies>(
        dependencies: @escaping @Sendable (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<GlobalDependencies, MiddlewareType> {
        contramapDependencies(dependencies)
    }

    /// Returns a reader dispatching larger actions.
    @inlinable
    public func lift<GlobalOutputAction>(
        outputAction: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputAction
    ) -> MiddlewareReader<
        Dependencies, LiftMiddleware<MiddlewareType.InputActionType, GlobalOutputAction, MiddlewareType.StateType, MiddlewareType>
    > {
        lifted({ $0 }, outputAction, { $0 }, { $0 })
    }

    /// Returns a reader handling larger actions.
    @inlinable
    public func lift<GlobalInputAction>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> MiddlewareType.InputActionType?
    ) -> MiddlewareReader<
        Dependencies, LiftMiddleware<GlobalInputAction, MiddlewareType.OutputActionType, MiddlewareType.StateType, MiddlewareType>
    > {
        lifted(inputAction, { $0 }, { $0 }, { $0 })
    }

    /// What every `lift` does: lifts the middleware, and takes the dependencies from larger ones.
    @inlinable
    func lifted<GlobalDependencies, GlobalInputAction, GlobalOutputAction, GlobalState>(
        _ inputAction: @escaping @Sendable (GlobalInputAction) -> MiddlewareType.InputActionType?,
        _ outputAction: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutputAction,
        _ state: @escaping @Sendable (GlobalState) -> MiddlewareType.StateType,
        _ dependencies: @escaping @Sendable (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<GlobalDependencies, LiftMiddleware<GlobalInputAction, GlobalOutputAction, GlobalState, MiddlewareType>> {
        dimap(
            transformMiddleware: { $0.lift(inputAction: inputAction, outputAction: outputAction, state: state) },
            extractOnlyDependenciesNeededForThisMiddleware: dependencies
        )
    }
}
