/// A type-erased middleware: any ``MiddlewareProtocol``, or a closure with the same shape as
/// ``MiddlewareProtocol/handle(action:from:state:)``.
///
/// ```swift
/// let echo = AnyMiddleware<AppAction, AppAction, AppState> { action, dispatcher, state in
///     guard case .ping = action else { return .pure() }
///     return IO { output in output.dispatch(.pong) }
/// }
/// ```
public struct AnyMiddleware<InputActionType, OutputActionType, StateType>: MiddlewareProtocol {  // SwiftRex 0.8's parameter names (Docs/Names.md)
    @usableFromInline
    let handler: @Sendable (InputActionType, ActionSource, @escaping GetState<StateType>) -> IO<OutputActionType>

    /// Whether this erases an ``IdentityMiddleware``, so that composition can drop it.
    @usableFromInline
    let isIdentity: Bool

    /// What the erased middleware asks the store to call after each reducer (see
    /// ``CommittedStateObserving``).
    @usableFromInline
    let observer: CommittedStateObserver<StateType, OutputActionType>?

    @usableFromInline
    init(
        isIdentity: Bool,
        observer: CommittedStateObserver<StateType, OutputActionType>? = nil,
        handler: @escaping @Sendable (InputActionType, ActionSource, @escaping GetState<StateType>) -> IO<OutputActionType>
    ) {
        self.isIdentity = isIdentity
        self.observer = observer
        self.handler = handler
    }

    /// Creates a middleware from a closure that handles each action.
    @inlinable
    public init(
        handle: @escaping @Sendable (InputActionType, ActionSource, @escaping GetState<StateType>) -> IO<OutputActionType>
    ) {
        self.init(isIdentity: false, handler: handle)
    }

    /// Wraps a middleware; wrapping an `AnyMiddleware` returns it unchanged.
    @inlinable
    public init<Middleware: MiddlewareProtocol>(_ middleware: Middleware)
    where
        Middleware.InputActionType == InputActionType,
        Middleware.OutputActionType == OutputActionType,
        Middleware.StateType == StateType
    {
        if let erased = middleware as? AnyMiddleware {
            self = erased
        } else {
            self.init(
                isIdentity: middleware is IdentityMiddleware<InputActionType, OutputActionType, StateType>,
                observer: RexCore.committedStateObserver(of: middleware)
            ) {
                action, dispatcher, state in
                middleware.handle(action: action, from: dispatcher, state: state)
            }
        }
    }

    /// Calls the wrapped middleware.
    @inlinable
    public func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        handler(action, dispatcher, state)
    }
}

extension AnyMiddleware: CommittedStateObserving {
    /// The erased middleware's observer, so that an erased supervisor composed with others still
    /// hands it to the store.
    @inlinable
    package func committedStateObserver() -> CommittedStateObserver<StateType, OutputActionType>? {
        observer
    }
}

extension MiddlewareProtocol {
    /// Returns this middleware erased to ``AnyMiddleware``.
    @inlinable
    public func eraseToAnyMiddleware() -> AnyMiddleware<InputActionType, OutputActionType, StateType> {
        AnyMiddleware(self)
    }
}
