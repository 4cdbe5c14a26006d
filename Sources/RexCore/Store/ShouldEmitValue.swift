/// Decides whether a committed state is sent to subscribers.
///
/// It only decides about **notification**: the reducer's mutation is always committed, and
/// ``StateProvider/state`` always reflects it, whatever this says.
public enum ShouldEmitValue<StateType>: Sendable {  // SwiftRex 0.8's parameter names (Docs/Names.md)
    /// Notify subscribers after every action.
    case always
    /// Never notify subscribers after an action (a new subscriber still gets the current state).
    case never
    /// Notify when the closure, given the state before and after the action, returns `true`.
    ///
    /// The closure runs under the store's state lock: it must be a pure function of the two
    /// states, and must not read the store, dispatch or subscribe (a debug build stops if it
    /// does; a release build would wait for the lock forever).
    ///
    /// The store keeps a copy of the previous state for the comparison, so a mutation of a large
    /// copy-on-write value (an array, say) is copied once per action. Prefer comparing in
    /// projections when the state is large.
    case when(@Sendable (_ old: StateType, _ new: StateType) -> Bool)
}

extension ShouldEmitValue where StateType: Equatable & Sendable {
    /// Notify only when the new state differs from the previous one.
    ///
    /// The state's `==` runs under the store's state lock, as the closure of
    /// ``ShouldEmitValue/when(_:)`` does: it must not use the store.
    public static var whenDifferent: ShouldEmitValue {
        .when { old, new in old != new }
    }
}
