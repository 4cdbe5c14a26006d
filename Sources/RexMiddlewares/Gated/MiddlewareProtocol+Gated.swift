import RexCore

extension MiddlewareProtocol {
    /// Returns this middleware behind a gate switched by control actions.
    ///
    /// - Parameters:
    ///   - controlAction: Finds a ``GateAction`` in an action, or returns `nil` for any other
    ///     action. Control actions switch the gate and are always forwarded to this middleware.
    ///   - initially: The gate's position before any control action.
    public func gated(
        by controlAction: @escaping @Sendable (InputActionType) -> GateAction?,
        initially: GateState = .on
    ) -> GatedMiddleware<Self> {
        GatedMiddleware(inner: self, control: .byAction(controlAction, Gate(initially)))
    }

    /// Returns this middleware behind a gate read from the store's state: it sees actions and
    /// its dispatches arrive only while `isOn` is `true`.
    ///
    /// ```swift
    /// analytics.gated(whenOn: \.settings.analyticsEnabled)
    /// ```
    public func gated(whenOn isOn: @escaping @Sendable (StateType) -> Bool) -> GatedMiddleware<Self> {
        GatedMiddleware(inner: self, control: .byState(isOn))
    }
}
