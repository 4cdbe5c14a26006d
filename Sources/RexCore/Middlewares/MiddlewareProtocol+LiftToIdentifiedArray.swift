extension MiddlewareProtocol where StateType: Identifiable & Sendable, StateType.ID: Sendable {
    /// Returns this middleware running for the elements of an ``IdentifiedArray``: each
    /// ``ElementIDAction`` goes to this middleware with the element of that id as its state,
    /// and what it dispatches comes back wrapped in an `ElementIDAction` of the same id.
    ///
    /// An action for an id that is not in the array is skipped. If the element is removed
    /// later, `state()` in the IO returns it as it last was.
    ///
    /// - Complexity: O(1) per action and per `state()` call, however many elements the array
    ///   holds.
    @inlinable
    public func liftToCollection<GlobalInput, GlobalOutput, GlobalState>(
        inputAction: KeyPath<GlobalInput, ElementIDAction<StateType.ID, InputActionType>?> & Sendable,
        outputAction: @escaping @Sendable (ElementIDAction<StateType.ID, OutputActionType>) -> GlobalOutput,
        stateCollection: KeyPath<GlobalState, IdentifiedArray<StateType.ID, StateType>> & Sendable
    ) -> AnyMiddleware<GlobalInput, GlobalOutput, GlobalState> {
        // Plain key paths, for the optimizer to fold (see Reducer+Lift.swift).
        nonisolated(unsafe) let inputPath: KeyPath<GlobalInput, ElementIDAction<StateType.ID, InputActionType>?> = inputAction
        nonisolated(unsafe) let elementsPath: KeyPath<GlobalState, IdentifiedArray<StateType.ID, StateType>> = stateCollection
        return AnyMiddleware { globalAction, dispatcher, getState in
            guard let elementAction = globalAction[keyPath: inputPath] else { return .pure() }
            let id = elementAction.id
            guard let found = getState()[keyPath: elementsPath][id: id] else { return .pure() }
            let elementState: GetState<StateType> = { getState()[keyPath: elementsPath][id: id] ?? found }
            return handle(action: elementAction.action, from: dispatcher, state: elementState)
                .map { outputAction(ElementIDAction(id: id, action: $0)) }
        }
    }
}
