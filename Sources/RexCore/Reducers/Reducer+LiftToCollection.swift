extension Reducer {
    /// Returns a reducer of a larger domain that runs this one on the element of a collection
    /// that an ``ElementIDAction`` names by identifier.
    ///
    /// An action for an identifier that is not in the collection is skipped.
    ///
    /// ```swift
    /// let listReducer = todoReducer.liftToCollection(action: \AppAction.todo, stateCollection: \AppState.todos)
    /// ```
    ///
    /// - Complexity: O(*n*) per action for an *n*-element collection, to find the element; O(1)
    ///   for an ``IdentifiedArray``, whose own lift is chosen.
    @inlinable
    public func liftToCollection<GlobalAction, GlobalState, Elements: MutableCollection>(
        action: KeyPath<GlobalAction, ElementIDAction<StateType.ID, ActionType>?> & Sendable,
        stateCollection: WritableKeyPath<GlobalState, Elements> & Sendable
    ) -> Reducer<GlobalAction, GlobalState>
    where Elements.Element == StateType, StateType: Identifiable & Sendable, StateType.ID: Sendable, Elements: Sendable {
        guard let body else { return .identity }
        // Plain key paths, for the optimizer to fold (see Reducer+Lift.swift).
        nonisolated(unsafe) let actionPath: KeyPath<GlobalAction, ElementIDAction<StateType.ID, ActionType>?> = action
        nonisolated(unsafe) let elementsPath: WritableKeyPath<GlobalState, Elements> = stateCollection
        return Reducer<GlobalAction, GlobalState>(body: { globalAction, globalState in
            guard let elementAction = globalAction[keyPath: actionPath],
                let index = globalState[keyPath: elementsPath].firstIndex(where: { $0.id == elementAction.id })
            else { return }
            body(elementAction.action, &globalState[keyPath: elementsPath][index])
        })
    }

    /// Returns a reducer of a larger domain that runs this one on the element of a collection
    /// that an ``ElementIDAction`` names by an id read through `identifier`, for elements that
    /// are not `Identifiable`.
    ///
    /// ```swift
    /// let tagsReducer = tagReducer.liftToCollection(action: \AppAction.tag, stateCollection: \AppState.tags, identifier: \Tag.name)
    /// ```
    ///
    /// An action for an id that is not in the collection is skipped.
    ///
    /// - Complexity: O(*n*) per action for an *n*-element collection, to find the element.
    @inlinable
    public func liftToCollection<GlobalAction, GlobalState, Elements: MutableCollection, ID: Hashable & Sendable>(
        action: KeyPath<GlobalAction, ElementIDAction<ID, ActionType>?> & Sendable,
        stateCollection: WritableKeyPath<GlobalState, Elements> & Sendable,
        identifier: KeyPath<StateType, ID> & Sendable
    ) -> Reducer<GlobalAction, GlobalState> where Elements.Element == StateType, Elements: Sendable {
        guard let body else { return .identity }
        // Plain key paths, for the optimizer to fold (see Reducer+Lift.swift).
        nonisolated(unsafe) let actionPath: KeyPath<GlobalAction, ElementIDAction<ID, ActionType>?> = action
        nonisolated(unsafe) let elementsPath: WritableKeyPath<GlobalState, Elements> = stateCollection
        nonisolated(unsafe) let idPath: KeyPath<StateType, ID> = identifier
        return Reducer<GlobalAction, GlobalState>(body: { globalAction, globalState in
            guard let elementAction = globalAction[keyPath: actionPath],
                let index = globalState[keyPath: elementsPath].firstIndex(where: { $0[keyPath: idPath] == elementAction.id })
            else { return }
            body(elementAction.action, &globalState[keyPath: elementsPath][index])
        })
    }

    /// Returns a reducer of a larger domain that runs this one on the element of a collection
    /// that an ``ElementIndexAction`` names by index.
    ///
    /// An action for an index outside the collection is skipped.
    ///
    /// - Complexity: O(1) per action.
    @inlinable
    public func liftToCollection<GlobalAction, GlobalState, Elements: MutableCollection>(
        action: KeyPath<GlobalAction, ElementIndexAction<Elements.Index, ActionType>?> & Sendable,
        stateCollection: WritableKeyPath<GlobalState, Elements> & Sendable
    ) -> Reducer<GlobalAction, GlobalState>
    where Elements.Element == StateType, Elements: Sendable, Elements.Index: Sendable {
        guard let body else { return .identity }
        // Plain key paths, for the optimizer to fold (see Reducer+Lift.swift).
        nonisolated(unsafe) let actionPath: KeyPath<GlobalAction, ElementIndexAction<Elements.Index, ActionType>?> = action
        nonisolated(unsafe) let elementsPath: WritableKeyPath<GlobalState, Elements> = stateCollection
        return Reducer<GlobalAction, GlobalState>(body: { globalAction, globalState in
            guard let elementAction = globalAction[keyPath: actionPath] else { return }
            // Read through the key path each time: a kept copy would make the write copy the collection.
            guard elementAction.index >= globalState[keyPath: elementsPath].startIndex,
                elementAction.index < globalState[keyPath: elementsPath].endIndex
            else { return }
            body(elementAction.action, &globalState[keyPath: elementsPath][elementAction.index])
        })
    }
}
