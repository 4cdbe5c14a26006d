import RexCore

extension MiddlewareProtocol where InputActionType: Sendable, StateType: Sendable {
    /// Returns this middleware with a ``LoggerMiddleware`` in front of it, which logs every
    /// action this middleware sees and what it changed in the state.
    ///
    /// ```swift
    /// let middleware = (effects <> analytics).logger(stateChange: .lineDiff())
    /// ```
    public func logger(
        actionFilter: @escaping @Sendable (InputActionType, ActionSource) -> Bool = { _, _ in true },
        actionFormat: LogActionFormat<InputActionType> = .full,
        stateChange: LogStateChange<StateType> = .fieldDiff(),
        destination: LogDestination = .standardOutput
    ) -> MiddlewarePair<LoggerMiddleware<InputActionType, OutputActionType, StateType>, Self> {
        LoggerMiddleware<InputActionType, OutputActionType, StateType>(
            actionFilter: actionFilter,
            actionFormat: actionFormat,
            stateChange: stateChange,
            destination: destination
        ) <> self
    }
}
