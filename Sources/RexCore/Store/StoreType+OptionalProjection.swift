extension StoreType {
    /// Returns a projection of an optional part of this store's state (a detail, a sheet, a
    /// logged-in session), or `nil` when the part is absent now.
    ///
    /// ```swift
    /// if let detail = store.projection(action: AppAction.detail, unwrapping: \AppState.detail) {
    ///     showDetail(detail)
    /// }
    /// ```
    ///
    /// Once the part goes, the projection's ``StoreProjection/state`` stays the last value the
    /// part had, and its subscribers hear nothing more; make a new projection when the part
    /// comes back. What it dispatches still reaches the store, where a reducer lifted with
    /// `liftOptional` skips it (and a debug build says so, naming where it was dispatched).
    ///
    /// - Parameters:
    ///   - action: Maps a view action to this store's action; return `nil` to drop it.
    ///   - state: Reads the optional part; a pure function, run under the store's state lock.
    @inlinable
    public func projection<ViewAction, ViewState: Equatable & Sendable>(
        action: @escaping @Sendable (ViewAction) -> ActionType?,
        unwrapping state: @escaping @Sendable (StateType) -> ViewState?
    ) -> StoreProjection<ViewAction, ViewState>? {
        guard let present = state(self.state) else { return nil }
        let last = LastPresentValue(present)
        return projection(action: action, state: { last.update(state($0)) })
    }
}
