/// A middleware of a local domain running in a larger one: what a middleware's `lift` returns.
///
/// For each global action, `inputAction` finds the local action (`nil` skips the middleware),
/// the wrapped middleware sees its local state through `state`, and what it dispatches is
/// turned into global actions by `outputAction`.
public struct LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Inner: MiddlewareProtocol>:  // SwiftRex 0.8's parameter names (Docs/Names.md)
    MiddlewareProtocol
{
    /// The wrapped middleware.
    public let inner: Inner
    @usableFromInline
    let inputAction: @Sendable (GlobalInputActionType) -> Inner.InputActionType?
    @usableFromInline
    let outputAction: @Sendable (Inner.OutputActionType) -> GlobalOutputActionType
    @usableFromInline
    let state: @Sendable (GlobalStateType) -> Inner.StateType

    /// Wraps `inner` with the three transformations between its domain and the larger one.
    @inlinable
    public init(
        _ inner: Inner,
        inputAction: @escaping @Sendable (GlobalInputActionType) -> Inner.InputActionType?,
        outputAction: @escaping @Sendable (Inner.OutputActionType) -> GlobalOutputActionType,
        state: @escaping @Sendable (GlobalStateType) -> Inner.StateType
    ) {
        self.inner = inner
        self.inputAction = inputAction
        self.outputAction = outputAction
        self.state = state
    }

    /// Passes the local action, if any, to the wrapped middleware, and maps its IO's output.
    @inlinable @inline(__always)  // so that a `<>` chain of lifted middlewares becomes one function
    public func handle(
        action: GlobalInputActionType,
        from dispatcher: ActionSource,
        state getState: @escaping GetState<GlobalStateType>
    ) -> IO<GlobalOutputActionType> {
        guard let localAction = inputAction(action) else { return .pure() }
        let localState = state
        return inner.handle(action: localAction, from: dispatcher, state: { localState(getState()) })
            .map(outputAction)
    }
}
