extension StoreType {
    /// Returns a projection of this store with view actions and a view state.
    ///
    /// - Parameters:
    ///   - action: Maps a view action to this store's action; return `nil` to drop it.
    ///   - state: Maps this store's state to the view state; a pure function.
    @inlinable
    public func projection<ViewAction, ViewState: Sendable>(
        action: @escaping @Sendable (ViewAction) -> ActionType?,
        state: @escaping @Sendable (StateType) -> ViewState
    ) -> StoreProjection<ViewAction, ViewState> {
        StoreProjection(
            dispatch: projectedDispatch(action),
            state: { state(self.state) },
            subscribeSelection: { selection in
                self.subscribe(selection: selection.mapped(state))
            }
        )
    }

    /// Returns a projection of this store whose subscribers are notified only when the view
    /// state changes.
    ///
    /// - Parameters:
    ///   - action: Maps a view action to this store's action; return `nil` to drop it.
    ///   - state: Maps this store's state to the view state; a pure function.
    @inlinable
    public func projection<ViewAction, ViewState: Equatable & Sendable>(
        action: @escaping @Sendable (ViewAction) -> ActionType?,
        state: @escaping @Sendable (StateType) -> ViewState
    ) -> StoreProjection<ViewAction, ViewState> {
        StoreProjection(
            dispatch: projectedDispatch(action),
            state: { state(self.state) },
            subscribeSelection: { selection in
                self.subscribe(selection: selection.mappedRemovingDuplicates(state))
            }
        )
    }

    @inlinable
    func projectedDispatch<ViewAction>(
        _ action: @escaping @Sendable (ViewAction) -> ActionType?
    ) -> @Sendable (DispatchedAction<ViewAction>) -> Void {
        { viewAction in
            if let storeAction = viewAction.compactMap(action) {
                self.dispatch(storeAction)
            }
        }
    }
}
