// Lifting an identity middleware gives an identity middleware of the larger domain, as in
// SwiftRex 0.8: it still handles nothing, and a composition still leaves it out.

extension IdentityMiddleware {
    /// Returns an identity middleware of the larger types; the closures are never called.
    @inlinable
    public func lift<GlobalInput, GlobalOutput, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInput) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> IdentityMiddleware<GlobalInput, GlobalOutput, GlobalState> {
        IdentityMiddleware<GlobalInput, GlobalOutput, GlobalState>()
    }

    /// Returns an identity middleware of the larger types; the closures are never called.
    @inlinable
    public func lift<GlobalInput, GlobalOutput>(
        inputAction: @escaping @Sendable (GlobalInput) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput
    ) -> IdentityMiddleware<GlobalInput, GlobalOutput, StateType> {
        IdentityMiddleware<GlobalInput, GlobalOutput, StateType>()
    }

    /// Returns an identity middleware of the larger types; the closures are never called.
    @inlinable
    public func lift<GlobalInput, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInput) -> InputActionType?,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> IdentityMiddleware<GlobalInput, OutputActionType, GlobalState> {
        IdentityMiddleware<GlobalInput, OutputActionType, GlobalState>()
    }

    /// Returns an identity middleware of the larger types; the closures are never called.
    @inlinable
    public func lift<GlobalOutput, GlobalState>(
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> IdentityMiddleware<InputActionType, GlobalOutput, GlobalState> {
        IdentityMiddleware<InputActionType, GlobalOutput, GlobalState>()
    }

    /// Returns an identity middleware of the larger types; the closures are never called.
    @inlinable
    public func lift<GlobalInput>(
        inputAction: @escaping @Sendable (GlobalInput) -> InputActionType?
    ) -> IdentityMiddleware<GlobalInput, OutputActionType, StateType> {
        IdentityMiddleware<GlobalInput, OutputActionType, StateType>()
    }

    /// Returns an identity middleware of the larger types; the closures are never called.
    @inlinable
    public func lift<GlobalOutput>(
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput
    ) -> IdentityMiddleware<InputActionType, GlobalOutput, StateType> {
        IdentityMiddleware<InputActionType, GlobalOutput, StateType>()
    }

    /// Returns an identity middleware of the larger types; the closures are never called.
    @inlinable
    public func lift<GlobalState>(
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> IdentityMiddleware<InputActionType, OutputActionType, GlobalState> {
        IdentityMiddleware<InputActionType, OutputActionType, GlobalState>()
    }
}
