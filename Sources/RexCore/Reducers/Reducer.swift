/// A pure function that applies an action to a state, changing it in place.
///
/// Reducers are the only place where the store's state changes. They run on the store's turn,
/// one action at a time, after every middleware has seen the action and before subscribers are
/// notified. A reducer must not perform side effects: that is a middleware's job.
///
/// A reducer runs under the store's state lock, so it must not use the store either (read its
/// state, dispatch or subscribe): it would wait for the lock forever, and a debug build stops
/// with a message that names the cause instead. Everything it needs is in the action and state.
///
/// ```swift
/// let counter = Reducer<CounterAction, Int>.reduce { action, state in
///     switch action {
///     case .increment: state += 1
///     case .decrement: state -= 1
///     }
/// }
/// ```
public struct Reducer<ActionType, StateType>: Sendable {  // SwiftRex 0.8's parameter names (Docs/Names.md)
    /// The reducing function; `nil` for ``identity``, so that composing with it costs nothing.
    @usableFromInline
    let body: (@Sendable (ActionType, inout StateType) -> Void)?

    @usableFromInline
    init(body: (@Sendable (ActionType, inout StateType) -> Void)?) {
        self.body = body
    }

    /// Creates a reducer from a function that mutates the state for an action.
    @inlinable
    public static func reduce(
        _ reduce: @escaping @Sendable (ActionType, inout StateType) -> Void
    ) -> Reducer {
        Reducer(body: reduce)
    }

    /// A reducer that leaves every state unchanged; the neutral element of `<>`.
    @inlinable
    public static var identity: Reducer {
        Reducer(body: nil)
    }

    /// Applies the action to the state.
    @inlinable
    public func reduce(_ action: ActionType, _ state: inout StateType) {
        body?(action, &state)
    }
}
