/// A middleware that does nothing: it returns ``IO/pure()`` for every action.
///
/// It is the neutral element of `<>`: composing with it gives the other middleware back, and a
/// store given only an identity middleware skips the middleware step entirely.
public struct IdentityMiddleware<InputActionType, OutputActionType, StateType>: MiddlewareProtocol {  // SwiftRex 0.8's parameter names (Docs/Names.md)
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

extension IdentityMiddleware: Equatable {
    /// Returns `true`: an identity middleware holds nothing, so any two of the same types are
    /// equal (as in SwiftRex 0.8, where a lifted identity is compared with the identity of the
    /// larger types).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        true
    }
}
