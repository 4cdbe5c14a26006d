/// Reads a state the store has just committed, where the store keeps it: called by the store
/// after the reducer, under the store's lock, with the state `inout` so that nothing is copied
/// (and once with the initial state, from the store's initializer, before anything else can
/// reach the store). It must not write the state, and must not dispatch or read the store; it may
/// change its own bookkeeping. It returns what the store runs after the turn's IOs (a pure IO
/// for nothing): the work that seeing the state called for, which runs without the lock.
@usableFromInline package typealias CommittedStateObserver<State, Action> = @Sendable (inout State) -> IO<Action>

/// A middleware that wants to see each committed state without copying it: what a state-driven
/// set of effects compares after every turn (`EffectSupervisor`, in RexMiddlewares), and what a
/// lift into the elements of an ``IdentifiedArray`` reads to find the elements that left.
///
/// The store asks its middleware for an observer once, when it is made (through
/// ``AnyMiddleware``'s erasure, which `<>` and ``ComposedMiddleware`` forward). It calls it once
/// with the initial state, then after each action's reducer, and runs the IO it returns after the
/// turn's other IOs (the IO of the initial state's call, after the first turn's). A middleware
/// lifted into a part of the state (`lift`, `liftOptional`, `liftToCollection`) does not pass
/// its inner middleware's observer on (the lift into an identified array hands one of its own):
/// a conformer must work without its observer being called, and must not take an old verdict of
/// its observer for the current turn's. An observed middleware serves one store: it remembers
/// that a store observes it.
///
/// Package API: the store's lock is held while an observer runs, so an observer is Rex's own
/// code, which reads the state and changes nothing but its own bookkeeping.
@usableFromInline package protocol CommittedStateObserving<ObservedState, ObservedAction> {
    /// The state the observer reads.
    associatedtype ObservedState
    /// The actions the IOs it returns may dispatch.
    associatedtype ObservedAction

    /// The observer to call after each reducer, or `nil` for none.
    func committedStateObserver() -> CommittedStateObserver<ObservedState, ObservedAction>?
}

/// The observer `middleware` asks the store to call, or `nil` when it asks for none.
@inlinable
package func committedStateObserver<Middleware: MiddlewareProtocol>(
    of middleware: Middleware
) -> CommittedStateObserver<Middleware.StateType, Middleware.OutputActionType>? {
    (middleware as? any CommittedStateObserving<Middleware.StateType, Middleware.OutputActionType>)?.committedStateObserver()
}

/// An observer that calls `first`, then `second`, and returns their IOs composed in that order;
/// or the one of them that is not `nil`.
@inlinable
package func combinedObserver<State, Action>(
    _ first: CommittedStateObserver<State, Action>?,
    _ second: CommittedStateObserver<State, Action>?
) -> CommittedStateObserver<State, Action>? {
    guard let first else { return second }
    guard let second else { return first }
    return { state in
        first(&state) <> second(&state)
    }
}
