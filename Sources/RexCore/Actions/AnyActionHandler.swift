/// A type-erased ``ActionHandler``: any handler, or a closure, seen as a value that can be kept
/// and called later from any thread.
///
/// An ``IO`` receives its output as an `AnyActionHandler`; it may keep it and dispatch after an
/// asynchronous call returns.
public struct AnyActionHandler<ActionType>: ActionHandler, Sendable {  // SwiftRex 0.8's parameter names (Docs/Names.md)
    @usableFromInline
    let handle: @Sendable (DispatchedAction<ActionType>) -> Void

    /// The lifetime of the state of the middleware this output was given to, when that state can
    /// go (the middleware was lifted with `liftOptional` or `liftToCollection`); `nil` when it is
    /// always there.
    ///
    /// The output dispatches as any other, so that what the middleware's IO dispatches at once is
    /// delivered as in SwiftRex; work that outlives the turn registers with
    /// ``StateLifetime/onEnd(_:)`` to stop when the state goes, and asks
    /// ``StateLifetime/hasEnded`` before it dispatches later (an `EffectMiddleware`'s effects
    /// do both).
    public let lifetime: StateLifetime?

    /// Creates a handler that passes every dispatched action to a closure.
    @inlinable
    public init(_ handle: @escaping @Sendable (DispatchedAction<ActionType>) -> Void) {
        self.handle = handle
        self.lifetime = nil
    }

    /// Creates a handler that passes every dispatched action to a closure, with the lifetime of
    /// the state it dispatches for (see ``lifetime``).
    @inlinable
    public init(lifetime: StateLifetime?, _ handle: @escaping @Sendable (DispatchedAction<ActionType>) -> Void) {
        self.handle = handle
        self.lifetime = lifetime
    }

    /// Wraps another handler.
    @inlinable
    public init<Handler: ActionHandler & Sendable>(_ handler: Handler) where Handler.ActionType == ActionType {
        self.handle = { handler.dispatch($0) }
        self.lifetime = nil
    }

    /// Passes the action to the wrapped handler.
    @inlinable
    public func dispatch(_ dispatchedAction: DispatchedAction<ActionType>) {
        handle(dispatchedAction)
    }

    /// Returns a handler of other actions that converts each one into an action of this handler,
    /// with this handler's ``lifetime``.
    @inlinable
    public func contramap<NewAction>(
        _ transform: @escaping @Sendable (NewAction) -> ActionType
    ) -> AnyActionHandler<NewAction> {
        let handle = self.handle
        return AnyActionHandler<NewAction>(lifetime: lifetime) { dispatchedAction in
            handle(dispatchedAction.map(transform))
        }
    }
}

extension ActionHandler where Self: Sendable {
    /// Returns this handler erased to ``AnyActionHandler``.
    @inlinable
    public func eraseToAnyActionHandler() -> AnyActionHandler<ActionType> {
        AnyActionHandler(self)
    }
}
