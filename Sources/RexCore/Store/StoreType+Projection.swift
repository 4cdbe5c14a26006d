extension StoreType {
    /// Returns a projection of this store with view actions and a view state.
    ///
    /// - Parameters:
    ///   - action: Maps a view action to this store's action; return `nil` to drop it.
    ///   - state: Maps this store's state to the view state; a pure function, run under the
    ///     store's state lock (it must not read the store, dispatch or subscribe).
    @inlinable
    public func projection<ViewAction, ViewState: Sendable>(
        action: @escaping @Sendable (ViewAction) -> ActionType?,
        state: @escaping @Sendable (StateType) -> ViewState
    ) -> StoreProjection<ViewAction, ViewState> {
        projection(action: action, state: state) { selection in selection.mapped(state) }
    }

    /// Returns a projection of this store whose subscribers are notified only when the view
    /// state changes.
    ///
    /// - Parameters:
    ///   - action: Maps a view action to this store's action; return `nil` to drop it.
    ///   - state: Maps this store's state to the view state; a pure function, run under the
    ///     store's state lock (it must not read the store, dispatch or subscribe).
    @inlinable
    public func projection<ViewAction, ViewState: Equatable & Sendable>(
        action: @escaping @Sendable (ViewAction) -> ActionType?,
        state: @escaping @Sendable (StateType) -> ViewState
    ) -> StoreProjection<ViewAction, ViewState> {
        projection(action: action, state: state) { selection in selection.mappedRemovingDuplicates(state) }
    }

    /// A projection whose subscriptions reach this store through `select`, which turns a
    /// selection of view states into a selection of this store's states.
    @inlinable
    func projection<ViewAction, ViewState: Sendable>(
        action: @escaping @Sendable (ViewAction) -> ActionType?,
        state: @escaping @Sendable (StateType) -> ViewState,
        select: @escaping @Sendable (Selection<ViewState>) -> Selection<StateType>
    ) -> StoreProjection<ViewAction, ViewState> {
        StoreProjection(
            dispatch: { viewAction in
                if let storeAction = viewAction.compactMap(action) {
                    self.dispatch(storeAction)
                }
            },
            state: { state(self.state) },
            subscribeSelection: { selection in self.subscribe(selection: select(selection)) }
        )
    }
}
