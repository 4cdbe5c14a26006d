// Lifting a type-erased middleware gives a type-erased middleware, as in SwiftRex 0.8. Every
// overload calls `lifted(inputAction:outputAction:state:)`; an identity stays an identity.

extension AnyMiddleware {
    /// Returns this middleware running in a larger domain, still type-erased.
    @inlinable
    public func lift<GlobalInput, GlobalOutput, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInput) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> AnyMiddleware<GlobalInput, GlobalOutput, GlobalState> {
        lifted(inputAction: inputAction, outputAction: outputAction, state: state)
    }

    /// Returns this middleware running in a larger domain, still type-erased.
    @inlinable
    public func lift<GlobalInput, GlobalOutput>(
        inputAction: @escaping @Sendable (GlobalInput) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput
    ) -> AnyMiddleware<GlobalInput, GlobalOutput, StateType> {
        lifted(inputAction: inputAction, outputAction: outputAction, state: { $0 })
    }

    /// Returns this middleware running in a larger domain, still type-erased.
    @inlinable
    public func lift<GlobalInput, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInput) -> InputActionType?,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> AnyMiddleware<GlobalInput, OutputActionType, GlobalState> {
        lifted(inputAction: inputAction, outputAction: { $0 }, state: state)
    }

    /// Returns this middleware running in a larger domain, still type-erased.
    @inlinable
    public func lift<GlobalOutput, GlobalState>(
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> AnyMiddleware<InputActionType, GlobalOutput, GlobalState> {
        lifted(inputAction: { $0 }, outputAction: outputAction, state: state)
    }

    /// Returns this middleware running in a larger domain, still type-erased.
    @inlinable
    public func lift<GlobalInput>(
        inputAction: @escaping @Sendable (GlobalInput) -> InputActionType?
    ) -> AnyMiddleware<GlobalInput, OutputActionType, StateType> {
        lifted(inputAction: inputAction, outputAction: { $0 }, state: { $0 })
    }

    /// Returns this middleware running in a larger domain, still type-erased.
    @inlinable
    public func lift<GlobalOutput>(
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput
    ) -> AnyMiddleware<InputActionType, GlobalOutput, StateType> {
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
    func lifted<GlobalInput, GlobalOutput, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInput) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> AnyMiddleware<GlobalInput, GlobalOutput, GlobalState> {
        if isIdentity { return AnyMiddleware<GlobalInput, GlobalOutput, GlobalState>(IdentityMiddleware()) }
        return AnyMiddleware<GlobalInput, GlobalOutput, GlobalState>(
            LiftMiddleware(self, inputAction: inputAction, outputAction: outputAction, state: state)
        )
    }
}
