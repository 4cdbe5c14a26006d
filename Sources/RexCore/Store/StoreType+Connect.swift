extension StoreType {
    /// Returns the projection of this store that a connector describes: view actions go
    /// through ``Connector/connect(action:)``, and the view state is
    /// ``Connector/connect(state:)`` of this store's state.
    @inlinable
    public func connect<C: Connector>(
        using connector: C
    ) -> StoreProjection<C.ViewAction, C.ViewState> where C.Action == ActionType, C.State == StateType {
        projection(action: { connector.connect(action: $0) }, state: { connector.connect(state: $0) })
    }

    /// Returns the projection of this store that a connector describes, whose subscribers are
    /// notified only when the view state changes.
    @inlinable
    public func connect<C: Connector>(
        using connector: C
    ) -> StoreProjection<C.ViewAction, C.ViewState>
    where C.Action == ActionType, C.State == StateType, C.ViewState: Equatable {
        projection(action: { connector.connect(action: $0) }, state: { connector.connect(state: $0) })
    }
}
