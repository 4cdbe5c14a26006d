extension MiddlewareProtocol where StateType: Identifiable & Sendable, StateType.ID: Sendable {
    /// Returns this middleware running for the elements of a collection: each
    /// ``ElementIDAction`` goes to this middleware with the element of that identifier as its
    /// state, and what it dispatches comes back wrapped in an `ElementIDAction` of the same
    /// identifier.
    ///
    /// An action for an identifier that is not in the collection is skipped. If the element is
    /// removed later, `state()` in the IO returns it as it last was.
    @inlinable
    public func liftToCollection<GlobalInput, GlobalOutput, GlobalState, Elements: Collection & Sendable>(
        inputAction: KeyPath<GlobalInput, ElementIDAction<StateType.ID, InputActionType>?> & Sendable,
        outputAction: @escaping @Sendable (ElementIDAction<StateType.ID, OutputActionType>) -> GlobalOutput,
        stateCollection: KeyPath<GlobalState, Elements> & Sendable
    ) -> AnyMiddleware<GlobalInput, GlobalOutput, GlobalState> where Elements.Element == StateType {
        // Plain key paths, for the optimizer to fold (see Reducer+Lift.swift).
        nonisolated(unsafe) let inputPath: KeyPath<GlobalInput, ElementIDAction<StateType.ID, InputActionType>?> = inputAction
        nonisolated(unsafe) let elementsPath: KeyPath<GlobalState, Elements> = stateCollection
        return AnyMiddleware { globalAction, dispatcher, getState in
            guard let elementAction = globalAction[keyPath: inputPath] else { return .pure() }
            let id = elementAction.id
            guard let found = getState()[keyPath: elementsPath].first(where: { $0.id == id }) else { return .pure() }
            let elementState: GetState<StateType> = {
                getState()[keyPath: elementsPath].first(where: { $0.id == id }) ?? found
            }
            return handle(action: elementAction.action, from: dispatcher, state: elementState)
                .map { outputAction(ElementIDAction(id: id, action: $0)) }
        }
    }
}
