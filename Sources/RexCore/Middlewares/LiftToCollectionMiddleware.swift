/// A middleware of one element of a collection (an array, an ``IdentifiedArray``, a
/// dictionary's value), run for the element an action names: what `liftToCollection` returns.
///
/// For an action meant for an element (an ``ElementIDAction`` or an ``ElementIndexAction``),
/// it finds the element in the collection of the state, runs the element's middleware with that
/// element as its state, and wraps what the element's middleware dispatches for the same
/// element. Actions for no element, or for an element not in the collection, are skipped.
public struct LiftToCollectionMiddleware<  // SwiftRex 0.8's parameter names (Docs/Names.md)
    GlobalInputActionType,
    GlobalOutputActionType,
    GlobalStateType,
    Elements: Collection & Sendable,
    Inner: MiddlewareProtocol
>: MiddlewareProtocol {
    /// Runs the element's middleware for a global action.
    public typealias Handler = @Sendable (
        Inner, GlobalInputActionType, ActionSource, @escaping GetState<GlobalStateType>
    ) -> IO<GlobalOutputActionType>

    /// The middleware of one element.
    public let inner: Inner
    @usableFromInline
    let handler: Handler
    /// What the store calls with each committed state, for a lift whose elements' work ends
    /// with them and whose collection can tell what changed (an ``IdentifiedArray``): it finds
    /// the departed elements there, so that the lift's IO need not read the state to check.
    @usableFromInline
    let observer: CommittedStateObserver<GlobalStateType, GlobalOutputActionType>?

    /// Creates the middleware from the element's middleware and what finds and runs it.
    @inlinable
    public init(middleware: Inner, onAction handler: @escaping Handler) {
        self.init(middleware: middleware, observer: nil, onAction: handler)
    }

    /// Creates the middleware, with an observer of committed states for the store.
    @inlinable
    init(
        middleware: Inner,
        observer: CommittedStateObserver<GlobalStateType, GlobalOutputActionType>?,
        onAction handler: @escaping Handler
    ) {
        self.inner = middleware
        self.observer = observer
        self.handler = handler
    }

    /// Runs the element's middleware for the element the action names, if it is in the collection.
    @inlinable
    public func handle(
        action: GlobalInputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<GlobalStateType>
    ) -> IO<GlobalOutputActionType> {
        handler(inner, action, dispatcher, state)
    }
}

extension LiftToCollectionMiddleware: CommittedStateObserving {
    /// The observer of an identified array's lift, which finds its departed elements where the
    /// store keeps the state; `nil` for other lifts.
    @inlinable
    package func committedStateObserver() -> CommittedStateObserver<GlobalStateType, GlobalOutputActionType>? {
        observer
    }
}
