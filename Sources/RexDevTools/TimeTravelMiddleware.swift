import RexCore

/// A middleware held while a ``TimeTravel`` travels: it does not see the actions, so that no
/// effect runs again and nothing is recorded.
///
/// While travelling, the state getter the middleware was given (in this turn or an earlier one)
/// reads the live state, the one the travel returns to, not the past state the store shows: what
/// the middleware has pending (a debounced save, an effect under way) goes on in the live world,
/// and a persistence middleware never writes a past state over the live one.
public struct TimeTravelMiddleware<Inner: MiddlewareProtocol>: MiddlewareProtocol where Inner.InputActionType == Inner.OutputActionType {
    /// The app's middleware.
    public let inner: Inner
    /// Whether the traveller is away from live.
    let isHeld: @Sendable () -> Bool
    /// The live state while the traveller is away; `nil` when live.
    let heldState: @Sendable () -> Inner.StateType?

    /// Passes the action to the app's middleware, unless the store is travelling, with a state
    /// getter that reads the live state while travelling.
    public func handle(
        action: Inner.InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<Inner.StateType>
    ) -> IO<Inner.OutputActionType> {
        guard !isHeld() else { return .pure() }
        let liveState: GetState<Inner.StateType> = { [heldState] in heldState() ?? state() }
        return inner.handle(action: action, from: dispatcher, state: liveState)
    }
}
