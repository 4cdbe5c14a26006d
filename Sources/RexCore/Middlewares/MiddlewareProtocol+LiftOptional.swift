// Lifting a middleware into an optional part of the state. As `lift` (see
// MiddlewareProtocol+Lift.swift), one overload per label set, taking closures, which key-path
// literals are accepted as: `state: \AppState.detail`. The state is always among them: it is what
// makes the lift optional. One set for every state: whether an `Identifiable` state's id ends its
// lifetime is asked at run time (see `StateIdentity`), not chosen by a second, constrained set.

extension MiddlewareProtocol where StateType: Sendable {
    /// Returns this middleware running in a larger domain, while its state, an optional part of
    /// the larger state, is there (see ``LiftOptionalMiddleware``).
    ///
    /// ```swift
    /// let detail = detailMiddleware.liftOptional(
    ///     inputAction: \AppAction.detail,
    ///     outputAction: AppAction.detail,
    ///     state: \AppState.detail
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - inputAction: Finds this middleware's action in a global action; `nil` skips it.
    ///   - outputAction: Turns what this middleware dispatches into a global action.
    ///   - state: Reads this middleware's state from the global state; `nil` while it is absent,
    ///     which skips the middleware and ends what it started. For an `Identifiable` state, a
    ///     state of another id in its place ends it too (a detail of another item).
    @inlinable
    public func liftOptional<GlobalInputAction, GlobalOutputAction, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> StateType?
    ) -> LiftOptionalMiddleware<GlobalInputAction, GlobalOutputAction, GlobalState, Self> {
        LiftOptionalMiddleware(self, inputAction: inputAction, outputAction: outputAction, state: state)
    }

    /// Returns this middleware seeing larger actions and an optional part of a larger state,
    /// dispatching its own actions; see `liftOptional(inputAction:outputAction:state:)`.
    @inlinable
    public func liftOptional<GlobalInputAction, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> InputActionType?,
        state: @escaping @Sendable (GlobalState) -> StateType?
    ) -> LiftOptionalMiddleware<GlobalInputAction, OutputActionType, GlobalState, Self> {
        LiftOptionalMiddleware(self, inputAction: inputAction, outputAction: { $0 }, state: state)
    }

    /// Returns this middleware dispatching larger actions and reading an optional part of a
    /// larger state, seeing its own actions; see `liftOptional(inputAction:outputAction:state:)`.
    @inlinable
    public func liftOptional<GlobalOutputAction, GlobalState>(
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> StateType?
    ) -> LiftOptionalMiddleware<InputActionType, GlobalOutputAction, GlobalState, Self> {
        LiftOptionalMiddleware(self, inputAction: { $0 }, outputAction: outputAction, state: state)
    }

    /// Returns this middleware reading an optional part of a larger state, with its own actions;
    /// see `liftOptional(inputAction:outputAction:state:)`.
    @inlinable
    public func liftOptional<GlobalState>(
        state: @escaping @Sendable (GlobalState) -> StateType?
    ) -> LiftOptionalMiddleware<InputActionType, OutputActionType, GlobalState, Self> {
        LiftOptionalMiddleware(self, inputAction: { $0 }, outputAction: { $0 }, state: state)
    }
}
