// Lifting a middleware with closures. Every non-empty subset of the three transformations has
// its own overload; an omitted one keeps the middleware's own type. The key-path forms are in
// MiddlewareProtocol+LiftKeyPath.swift.

extension MiddlewareProtocol {
    /// Returns this middleware running in a larger domain.
    ///
    /// - Parameters:
    ///   - inputAction: Finds this middleware's action in a global action; `nil` skips it.
    ///   - outputAction: Turns what this middleware dispatches into a global action (an enum
    ///     case such as `AppAction.counter` works).
    ///   - state: Reads this middleware's state from the global state.
    @inlinable
    public func lift<GlobalInput, GlobalOutput, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInput) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> LiftMiddleware<GlobalInput, GlobalOutput, GlobalState, Self> {
        LiftMiddleware(self, inputAction: inputAction, outputAction: outputAction, state: state)
    }

    /// Returns this middleware seeing and dispatching larger actions, with its own state.
    @inlinable
    public func lift<GlobalInput, GlobalOutput>(
        inputAction: @escaping @Sendable (GlobalInput) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput
    ) -> LiftMiddleware<GlobalInput, GlobalOutput, StateType, Self> {
        LiftMiddleware(self, inputAction: inputAction, outputAction: outputAction, state: { $0 })
    }

    /// Returns this middleware seeing larger actions and a larger state, dispatching its own actions.
    @inlinable
    public func lift<GlobalInput, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInput) -> InputActionType?,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> LiftMiddleware<GlobalInput, OutputActionType, GlobalState, Self> {
        LiftMiddleware(self, inputAction: inputAction, outputAction: { $0 }, state: state)
    }

    /// Returns this middleware dispatching larger actions and reading a larger state, seeing its
    /// own actions.
    @inlinable
    public func lift<GlobalOutput, GlobalState>(
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> LiftMiddleware<InputActionType, GlobalOutput, GlobalState, Self> {
        LiftMiddleware(self, inputAction: { $0 }, outputAction: outputAction, state: state)
    }

    /// Returns this middleware seeing larger actions; `nil` from `inputAction` skips it.
    @inlinable
    public func lift<GlobalInput>(
        inputAction: @escaping @Sendable (GlobalInput) -> InputActionType?
    ) -> LiftMiddleware<GlobalInput, OutputActionType, StateType, Self> {
        LiftMiddleware(self, inputAction: inputAction, outputAction: { $0 }, state: { $0 })
    }

    /// Returns this middleware dispatching larger actions.
    @inlinable
    public func lift<GlobalOutput>(
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput
    ) -> LiftMiddleware<InputActionType, GlobalOutput, StateType, Self> {
        LiftMiddleware(self, inputAction: { $0 }, outputAction: outputAction, state: { $0 })
    }

    /// Returns this middleware reading a larger state.
    @inlinable
    public func lift<GlobalState>(
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> LiftMiddleware<InputActionType, OutputActionType, GlobalState, Self> {
        LiftMiddleware(self, inputAction: { $0 }, outputAction: { $0 }, state: state)
    }
}
