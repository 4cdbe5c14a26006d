/// Reads a state the store has just committed, where the store keeps it: called by the store
/// after the reducer, under the store's lock, with the state `inout` so that nothing is copied.
/// It must not write the state, and must not dispatch or read the store.
@usableFromInline package typealias CommittedStateObserver<State> = @Sendable (inout State) -> Void

/// A middleware that wants to see each committed state without copying it: what a state-driven
/// set of effects compares after every turn (`EffectSupervisor`, in RexMiddlewares).
///
/// The store asks its middleware for an observer once, when it is made (through
/// ``AnyMiddleware``'s erasure, which `<>` and ``ComposedMiddleware`` forward), and calls it after
/// each action's reducer. A middleware lifted into a part of the state (`lift`,
/// `liftOptional`, `liftToCollection`) is not asked: a conformer must work without its observer
/// being called, and must not take an old verdict of its observer for the current turn's.
///
/// Package API: the store's lock is held while an observer runs, so an observer is Rex's own
/// code, which reads a part of the state and nothing else.
@usableFromInline package protocol CommittedStateObserving<ObservedState> {
    /// The state the observer reads.
    associatedtype ObservedState

    /// The observer to call after each reducer, or `nil` for none.
    func committedStateObserver() -> CommittedStateObserver<ObservedState>?
}

/// The observer `middleware` asks the store to call, or `nil` when it asks for none.
@inlinable
package func committedStateObserver<Middleware: MiddlewareProtocol>(
    of middleware: Middleware
) -> CommittedStateObserver<Middleware.StateType>? {
    (middleware as? any CommittedStateObserving<Middleware.StateType>)?.committedStateObserver()
}

/// An observer that calls `first`, then `second`, or the one of them that is not `nil`.
@inlinable
package func combinedObserver<State>(
    _ first: CommittedStateObserver<State>?,
    _ second: CommittedStateObserver<State>?
) -> CommittedStateObserver<State>? {
    guard let first else { return second }
    guard let second else { return first }
    return { state in
        first(&state)
        second(&state)
    }
}
