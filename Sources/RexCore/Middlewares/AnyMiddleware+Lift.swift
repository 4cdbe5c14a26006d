// Lifting a type-erased middleware gives a type-erased middleware, as in SwiftRex 0.8. Every
// overload calls `lifted(inputAction:outputAction:state:)`; an identity stays an identity.

extension AnyMiddleware {
    /// Returns this middleware running in a larger domain, still type-erased.
    @inlinable
    public func lift<GlobalInputAction, GlobalOutputAction, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> AnyMiddleware<GlobalInputAction, GlobalOutputAction, GlobalState> {
        lifted(inputAction: inputAction, outputAction: outputAction, state: state)
    }

    /// Returns this middleware running in a larger domain, still type-erased.
    @inlinable
    public func lift<GlobalInputAction, GlobalOutputAction>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputAction
    ) -> AnyMiddleware<GlobalInputAction, GlobalOutputAction, StateType> {
        lifted(inputAction: inputAction, outputAction: outputAction, state: { $0 })
    }

    /// Returns this middleware running in a larger domain, still type-erased.
    @inlinable
    public func lift<GlobalInputAction, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> InputActionType?,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> AnyMiddleware<GlobalInputAction, OutputActionType, GlobalState> {
        lifted(inputAction: inputAction, outputAction: { $0 }, state: state)
    }

    /// Returns this middleware running in a larger domain, still type-erased.
    @inlinable
    public func lift<GlobalOutputAction, GlobalState>(
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> AnyMiddleware<InputActionType, GlobalOutputAction, GlobalState> {
        lifted(inputAction: { $0 }, outputAction: outputAction, state: state)
    }

    /// Returns this middleware running in a larger domain, still type-erased.
    @inlinable
    public func lift<GlobalInputAction>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> InputActionType?
    ) -> AnyMiddleware<GlobalInputAction, OutputActionType, StateType> {
        lifted(inputAction: inputAction, outputAction: { $0 }, state: { $0 })
    }

    /// Returns this middleware running in a larger domain, still type-erased.
    @inlinable
    public func lift<GlobalOutputAction>(
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputAction
    ) -> AnyMiddleware<InputActionType, GlobalOutputAction, StateType> {
        lifted(inputAction: { $0 }, outputAction: outputAction, state: { $0 })
    }

    /// Returns this middleware running in a larger domain, still type-erased.
    @inlinable
    public func lift<GlobalState>(
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> AnyMiddleware<InputActionType, OutputActionType, GlobalState> {
        lifted(inputAction: { $0 }, outputAction: { $0 }, state: state)
    }

    @inlinable
    func lifted<GlobalInputAction, GlobalOutputAction, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> AnyMiddleware<GlobalInputAction, GlobalOutputAction, GlobalState> {
        if isIdentity { return AnyMiddleware<GlobalInputAction, GlobalOutputAction, GlobalState>(IdentityMiddleware()) }
        return AnyMiddleware<GlobalInputAction, GlobalOutputAction, GlobalState>(
            LiftMiddleware(self, inputAction: inputAction, outputAction: outputAction, state: state)
        )
    }
}
