/// Something that holds a state and tells subscribers when it changes: a store or a projection.
public protocol StateProvider<StateType>: Sendable {  // SwiftRex 0.8's parameter names (Docs/Names.md)
    /// The state that is provided.
    associatedtype StateType: Sendable

    /// The current committed state. Safe to read from any thread; never a half-applied change.
    var state: StateType { get }

    /// Calls `onState` with the current state at once, then with every state notified after it,
    /// in order, until the returned token is cancelled or released, or the store goes.
    ///
    /// Callbacks come on the thread that runs the store's turn; they must return quickly and
    /// must not block on another thread that might be dispatching to or subscribing on this store.
    ///
    /// Each state is handed over to `onState` (`consuming`): a callback that keeps it, as a
    /// history does, can move it where it keeps it with `consume` and no copy is made
    /// (`history[next] = consume state`). A copy would retain each reference the state holds,
    /// and release them when the delivered one goes. A callback written for a plain `(State)`
    /// parameter is accepted as well.
    func subscribe(_ onState: @escaping @Sendable (consuming StateType) -> Void) -> SubscriptionToken
}
