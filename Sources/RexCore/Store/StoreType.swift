/// A store: something you dispatch actions to and read states from.
///
/// ``ReduxStoreBase`` is the real store that owns the state; ``StoreProjection`` and
/// ``AnyStoreType`` are views of it with their own action and state types.
public protocol StoreType<ActionType, StateType>: ActionHandler, StateProvider {}  // SwiftRex 0.8's parameter names (Docs/Names.md)
