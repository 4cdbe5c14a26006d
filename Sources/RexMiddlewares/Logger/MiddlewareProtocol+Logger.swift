import RexCore

extension MiddlewareProtocol where InputActionType: Sendable, StateType: Sendable {
    /// Returns this middleware with a ``LoggerMiddleware`` in front of it, which logs every
    /// action this middleware sees and what it changed in the state.
    ///
    /// ```swift
    /// let middleware = (effects <> analytics).logger(stateChange: .lineDiff())
    /// ```
    ///
    /// The parameters are ``LoggerMiddleware/init(actionFilter:actionFormat:stateChange:destination:maximumBacklog:)``'s.
    public func logger(
        actionFilter: @escaping @Sendable (InputActionType, ActionSource) -> Bool = { _, _ in true },
        actionFormat: LogActionFormat<InputActionType> = .full,
        stateChange: LogStateChange<StateType> = .fieldDiff(),
        destination: LogDestination = .standardOutput,
        maximumBacklog: Int = 1_000
    ) -> MiddlewarePair<LoggerMiddleware<InputActionType, OutputActionType, StateType>, Self> {
        LoggerMiddleware<InputActionType, OutputActionType, StateType>(
            actionFilter: actionFilter,
            actionFormat: actionFormat,
            stateChange: stateChange,
            destination: destination,
            maximumBacklog: maximumBacklog
        ) <> self
    }
}
