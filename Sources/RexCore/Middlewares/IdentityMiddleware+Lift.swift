// Lifting an identity middleware gives an identity middleware of the larger domain, as in
// SwiftRex 0.8: it still handles nothing, and a composition still leaves it out.

extension IdentityMiddleware {
    /// Returns an identity middleware of the larger types; the closures are never called.
    @inlinable
    public func lift<GlobalInputAction, GlobalOutputAction, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> IdentityMiddleware<GlobalInputAction, GlobalOutputAction, GlobalState> {
        IdentityMiddleware<GlobalInputAction, GlobalOutputAction, GlobalState>()
    }

    /// Returns an identity middleware of the larger types; the closures are never called.
    @inlinable
    public func lift<GlobalInputAction, GlobalOutputAction>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputAction
    ) -> IdentityMiddleware<GlobalInputAction, GlobalOutputAction, StateType> {
        IdentityMiddleware<GlobalInputAction, GlobalOutputAction, StateType>()
    }

    /// Returns an identity middleware of the larger types; the closures are never called.
    @inlinable
    public func lift<GlobalInputAction, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> InputActionType?,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> IdentityMiddleware<GlobalInputAction, OutputActionType, GlobalState> {
        IdentityMiddleware<GlobalInputAction, OutputActionType, GlobalState>()
    }

    /// Returns an identity middleware of the larger types; the closures are never called.
    @inlinable
    public func lift<GlobalOutputAction, GlobalState>(
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> IdentityMiddleware<InputActionType, GlobalOutputAction, GlobalState> {
        IdentityMiddleware<InputActionType, GlobalOutputAction, GlobalState>()
    }

    /// Returns an identity middleware of the larger types; the closures are never called.
    @inlinable
    public func lift<GlobalInputAction>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> InputActionType?
    ) -> IdentityMiddleware<GlobalInputAction, OutputActionType, StateType> {
        IdentityMiddleware<GlobalInputAction, OutputActionType, StateType>()
    }

    /// Returns an identity middleware of the larger types; the closures are never called.
    @inlinable
    public func lift<GlobalOutputAction>(
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputAction
    ) -> IdentityMiddleware<InputActionType, GlobalOutputAction, StateType> {
        IdentityMiddleware<InputActionType, GlobalOutputAction, StateType>()
    }

    /// Returns an identity middleware of the larger types; the closures are never called.
    @inlinable
    public func lift<GlobalState>(
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> IdentityMiddleware<InputActionType, OutputActionType, GlobalState> {
        IdentityMiddleware<InputActionType, OutputActionType, GlobalState>()
    }
}
