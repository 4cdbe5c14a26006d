/// A middleware that does nothing: it returns ``IO/pure()`` for every action.
///
/// It is the neutral element of `<>`: composing with it gives the other middleware back, and a
/// store given only an identity middleware skips the middleware step entirely.
public struct IdentityMiddleware<InputActionType, OutputActionType, StateType>: MiddlewareProtocol {
    /// Creates the middleware that does nothing.
    @inlinable
    public init() {}

    /// Returns ``IO/pure()``.
    @inlinable
    public func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        .pure()
    }
}
