/// A view of a store with its own action and state types, owning no state of its own.
///
/// A projection maps its view actions to the store's actions (a `nil` drops the action) and the
/// store's state to its view state. It behaves as a store in every way: dispatch, ``state``,
/// ``subscribe(_:)``, ``StateProvider/states`` and further projections.
///
/// ```swift
/// let counterView = store.projection(
///     action: { (viewAction: CounterViewAction) in AppAction.counter(viewAction.counterAction) },
///     state: { (state: AppState) in "Count: \(state.counter)" }
/// )
/// ```
///
/// When the view state is `Equatable`, subscribers are notified only when it changes.
/// A projection nobody subscribes to costs nothing per action. The store computes the view
/// states of all subscribed projections in one pass per action, and calls back only those that
/// changed. That pass runs under the store's state lock, so the `state` mapping, and the view
/// state's `==`, must be pure functions of the values they are given: reading a store's state,
/// dispatching or subscribing there would wait for the lock forever (a debug build stops with a
/// message instead).
public struct StoreProjection<ViewAction, ViewState: Sendable>: StoreType {
    @usableFromInline
    let dispatchAction: @Sendable (DispatchedAction<ViewAction>) -> Void
    @usableFromInline
    let readState: @Sendable () -> ViewState
    @usableFromInline
    let subscribeSelection: @Sendable (Selection<ViewState>) -> SubscriptionToken

    @usableFromInline
    init(
        dispatch: @escaping @Sendable (DispatchedAction<ViewAction>) -> Void,
        state: @escaping @Sendable () -> ViewState,
        subscribeSelection: @escaping @Sendable (Selection<ViewState>) -> SubscriptionToken
    ) {
        self.dispatchAction = dispatch
        self.readState = state
        self.subscribeSelection = subscribeSelection
    }

    /// Maps the action to the store's action and dispatches it there, keeping its source.
    @inlinable
    public func dispatch(_ dispatchedAction: DispatchedAction<ViewAction>) {
        dispatchAction(dispatchedAction)
    }

    /// The store's current state, mapped to the view state.
    @inlinable
    public var state: ViewState {
        readState()
    }

    /// Calls `onState` with the current view state, then with every notified one (only the
    /// changed ones, when `ViewState` is `Equatable`), until the token is cancelled or released.
    @inlinable
    public func subscribe(_ onState: @escaping @Sendable (consuming ViewState) -> Void) -> SubscriptionToken {
        subscribeSelection(.callback(onState))
    }
}

extension StoreProjection: SelectionSource {
    @usableFromInline
    func subscribe(selection: Selection<ViewState>) -> SubscriptionToken {
        subscribeSelection(selection)
    }
}

/// A type-erased ``StoreType``: a projection that maps nothing.
public typealias AnyStoreType<ActionType, StateType: Sendable> = StoreProjection<ActionType, StateType>  // SwiftRex 0.8's parameter names (Docs/Names.md)

extension StoreType {
    /// Returns this store erased to ``AnyStoreType``.
    public func eraseToAnyStoreType() -> AnyStoreType<ActionType, StateType> {
        StoreProjection(
            dispatch: { self.dispatch($0) },
            state: { self.state },
            subscribeSelection: { self.subscribe(selection: $0) }
        )
    }
}
