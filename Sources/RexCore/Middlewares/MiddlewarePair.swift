/// Two middlewares run as one: `first`, then `second`. What `a <> b` returns.
///
/// `handle` calls `first.handle`, then `second.handle`, and returns their ``IO``s composed in
/// the same order. A chain `a <> b <> c` nests pairs, `MiddlewarePair<MiddlewarePair<A, B>, C>`:
/// its type spells out every member, so the compiler sees the whole chain where the store is
/// created and compiles one `handle` for it, with each member's `handle` inlined and each
/// key path folded. To build a composition at run time, from a list, use
/// ``ComposedMiddleware`` instead.
///
/// A class, made once when the store is created: a chain of structs is read whole, every
/// member's closures copied onto the stack, before its first member's `handle` runs (that call
/// could change what a later read would see); through references, each member is read where it
/// runs. It made a ten-member chain about a tenth faster per action.
public final class MiddlewarePair<First: MiddlewareProtocol, Second: MiddlewareProtocol>: MiddlewareProtocol
where
    First.InputActionType == Second.InputActionType,
    First.OutputActionType == Second.OutputActionType,
    First.StateType == Second.StateType
{
    /// The middleware that runs first.
    public let first: First
    /// The middleware that runs second.
    public let second: Second

    /// Pairs two middlewares; `first` runs first.
    @inlinable
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// Calls `first`, then `second`, and returns their IOs composed in that order.
    @inlinable @inline(__always)  // so that a whole chain becomes one function
    public func handle(
        action: First.InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<First.StateType>
    ) -> IO<First.OutputActionType> {
        first.handle(action: action, from: dispatcher, state: state)
            <> second.handle(action: action, from: dispatcher, state: state)
    }
}

/// Returns a middleware that runs `lhs`, then `rhs`: both `handle` calls in that order, and
/// their IOs in that order after the reducer.
extension MiddlewarePair: CommittedStateObserving {
    /// The observers of both members, the first's first.
    @inlinable
    package func committedStateObserver() -> CommittedStateObserver<First.StateType, First.OutputActionType>? {
        combinedObserver(RexCore.committedStateObserver(of: first), RexCore.committedStateObserver(of: second))
    }
}

@inlinable
public func <> <First: MiddlewareProtocol, Second: MiddlewareProtocol>(
    lhs: First,
    rhs: Second
) -> MiddlewarePair<First, Second>
where
    First.InputActionType == Second.InputActionType,
    First.OutputActionType == Second.OutputActionType,
    First.StateType == Second.StateType
{
    MiddlewarePair(lhs, rhs)
}
