/// Several middlewares of the same types run as one, in order.
///
/// `a <> b <> c` gives one flat `ComposedMiddleware` of `[a, b, c]`: `handle` calls `a`, then
/// `b`, then `c`, and the returned ``IO`` runs their IOs in the same order. Identity middlewares
/// are left out.
public struct ComposedMiddleware<InputActionType, OutputActionType, StateType>: MiddlewareProtocol {
    /// The middlewares, in the order they run.
    public var middlewares: [AnyMiddleware<InputActionType, OutputActionType, StateType>] {
        members
    }

    @usableFromInline
    var members: [AnyMiddleware<InputActionType, OutputActionType, StateType>]

    /// Creates an empty composition, which behaves like ``IdentityMiddleware``.
    @inlinable
    public init() {
        members = []
    }

    /// Appends a middleware; a composition is appended member by member, an identity not at all.
    ///
    /// Inlinable, so that each middleware is wrapped where its type is known: its `handle` then
    /// runs specialized, with key paths folded, instead of through generic code.
    @inlinable
    public mutating func append<Middleware: MiddlewareProtocol>(_ middleware: Middleware)
    where
        Middleware.InputActionType == InputActionType,
        Middleware.OutputActionType == OutputActionType,
        Middleware.StateType == StateType
    {
        if let composed = middleware as? ComposedMiddleware {
            members.append(contentsOf: composed.members)
            return
        }
        let erased = AnyMiddleware(middleware)
        if !erased.isIdentity {
            members.append(erased)
        }
    }

    /// Calls every middleware in order and returns their IOs composed in the same order.
    @inlinable
    public func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        var io = IO<OutputActionType>.pure()
        for middleware in members {
            io = io <> middleware.handle(action: action, from: dispatcher, state: state)
        }
        return io
    }
}

/// Returns a middleware that runs `lhs`, then `rhs`: both `handle` calls in that order, and
/// their IOs in that order after the reducer.
@inlinable
public func <> <First: MiddlewareProtocol, Second: MiddlewareProtocol>(
    lhs: First,
    rhs: Second
) -> ComposedMiddleware<First.InputActionType, First.OutputActionType, First.StateType>
where
    First.InputActionType == Second.InputActionType,
    First.OutputActionType == Second.OutputActionType,
    First.StateType == Second.StateType
{
    var composed = ComposedMiddleware<First.InputActionType, First.OutputActionType, First.StateType>()
    composed.append(lhs)
    composed.append(rhs)
    return composed
}
