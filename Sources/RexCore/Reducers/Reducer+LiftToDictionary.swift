extension Reducer {
    /// Returns a reducer of a larger domain that runs this one, in place, on the value of a
    /// dictionary that an ``ElementIDAction`` names by key.
    ///
    /// ```swift
    /// let downloadsReducer = downloadReducer.liftToCollection(action: \AppAction.download, stateCollection: \AppState.downloads)
    /// ```
    ///
    /// An action for a key the dictionary does not have is skipped.
    ///
    /// - Complexity: O(1) per action.
    @inlinable
    public func liftToCollection<GlobalAction, GlobalState, Key: Hashable & Sendable>(
        action: KeyPath<GlobalAction, ElementIDAction<Key, ActionType>?> & Sendable,
        stateCollection: WritableKeyPath<GlobalState, [Key: StateType]> & Sendable
    ) -> Reducer<GlobalAction, GlobalState> {
        guard let body else { return .identity }
        // Through `lift(action:state:)`, whose key paths the optimizer folds (see
        // Reducer+LiftToIdentifiedArray.swift); the value is changed in place through `values`.
        let reducer = Reducer<ElementIDAction<Key, ActionType>, [Key: StateType]>(body: { keyedAction, values in
            guard let index = values.index(forKey: keyedAction.id) else { return }
            body(keyedAction.action, &values.values[index])
        })
        return reducer.lift(action: action, state: stateCollection)
    }
}
