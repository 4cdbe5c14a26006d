/// A type-erased ``ActionHandler``: any handler, or a closure, seen as a value that can be kept
/// and called later from any thread.
///
/// An ``IO`` receives its output as an `AnyActionHandler`; it may keep it and dispatch after an
/// asynchronous call returns.
public struct AnyActionHandler<ActionType>: ActionHandler, Sendable {
    @usableFromInline
    let handle: @Sendable (DispatchedAction<ActionType>) -> Void

    /// Creates a handler that passes every dispatched action to a closure.
    @inlinable
    public init(_ handle: @escaping @Sendable (DispatchedAction<ActionType>) -> Void) {
        self.handle = handle
    }

    /// Wraps another handler.
    @inlinable
    public init<Handler: ActionHandler & Sendable>(_ handler: Handler) where Handler.ActionType == ActionType {
        self.handle = { handler.dispatch($0) }
    }

    /// Passes the action to the wrapped handler.
    @inlinable
    public func dispatch(_ dispatchedAction: DispatchedAction<ActionType>) {
        handle(dispatchedAction)
    }
}

extension ActionHandler where Self: Sendable {
    /// Returns this handler erased to ``AnyActionHandler``.
    @inlinable
    public func eraseToAnyActionHandler() -> AnyActionHandler<ActionType> {
        AnyActionHandler(self)
    }
}
