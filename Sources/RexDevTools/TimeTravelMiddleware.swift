import RexCore

/// A middleware held while a ``TimeTravel`` travels: it does not see the actions, so that no
/// effect runs again and nothing is recorded.
public struct TimeTravelMiddleware<Inner: MiddlewareProtocol>: MiddlewareProtocol where Inner.InputActionType == Inner.OutputActionType {
    /// The app's middleware.
    public let inner: Inner
    /// Whether the traveller is away from live.
    let isHeld: @Sendable () -> Bool

    /// Passes the action to the app's middleware, unless the store is travelling.
    public func handle(
        action: Inner.InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<Inner.StateType>
    ) -> IO<Inner.OutputActionType> {
        guard !isHeld() else { return .pure() }
        return inner.handle(action: action, from: dispatcher, state: state)
    }
}
