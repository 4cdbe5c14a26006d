// The keyed forms of `liftToCollection`: the values of a dictionary, each found by its key in
// O(1), named by the ``ElementIDAction`` that names an element by id.

extension MiddlewareProtocol where StateType: Sendable {
    /// Returns this middleware running for the values of a dictionary: each ``ElementIDAction``
    /// goes to this middleware with the value of that key as its state, and what it dispatches
    /// comes back through `outputAction`, in an `ElementIDAction` of the same key.
    ///
    /// ```swift
    /// let downloads = downloadMiddleware.liftToCollection(
    ///     inputAction: \AppAction.download,
    ///     outputAction: AppAction.download,
    ///     state: \AppState.downloads
    /// )
    /// ```
    ///
    /// An action for a key the dictionary does not have is skipped. What the middleware's IO
    /// starts lives as long as its key: the output carries the key's
    /// ``AnyActionHandler/lifetime``, which ends once a turn removes the key (an
    /// `EffectMiddleware`'s effects for that key are cancelled, and send nothing more). `state()` in the IO reads the value of that key each
    /// time; once the key is gone, it returns the value as it was when the action was handled.
    ///
    /// - Complexity: O(1) per action; while values have live work, O(*k*) more after each turn
    ///   for *k* keys with live work, to end the work of removed keys (an ``IdentifiedArray``
    ///   checks only the elements that changed).
    @inlinable
    public func liftToCollection<GlobalInputAction: Sendable, GlobalOutputAction, GlobalState, Key: Hashable & Sendable>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> ElementIDAction<Key, InputActionType>?,
        outputAction: @escaping @Sendable (ElementIDAction<Key, OutputActionType>) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> [Key: StateType]
    ) -> LiftToCollectionMiddleware<GlobalInputAction, GlobalOutputAction, GlobalState, [Key: StateType], Self> {
        liftedToCollection(
            { global in inputAction(global).map { (key: $0.id, action: $0.action) } },
            { _, key, action in outputAction(ElementIDAction(id: key, action: action)) },
            state,
            find: { values, key in values[key] },
            endDeparted: { values, lifetimes in lifetimes.endDeparted { values[$0] != nil } }
        )
    }
}

extension MiddlewareProtocol where StateType: Sendable, InputActionType == OutputActionType {
    /// Returns this middleware running for the values of a dictionary, as SwiftRex 0.8 spells a
    /// collection lift: the value's action is read from the global action through a writable key
    /// path, and what the value's middleware dispatches is written back, through the same key
    /// path, into a copy of the global action it handled. Otherwise as
    /// the dictionary lift with `inputAction` and `outputAction`.
    ///
    /// - Complexity: O(1) per action; while values have live work, O(*k*) more after each turn
    ///   for *k* keys with live work.
    @inlinable
    public func liftToCollection<GlobalAction: Sendable, GlobalState, Key: Hashable & Sendable>(
        action: WritableKeyPath<GlobalAction, ElementIDAction<Key, InputActionType>?> & Sendable,
        stateCollection: KeyPath<GlobalState, [Key: StateType]> & Sendable
    ) -> LiftToCollectionMiddleware<GlobalAction, GlobalAction, GlobalState, [Key: StateType], Self> {
        nonisolated(unsafe) let actionPath: WritableKeyPath<GlobalAction, ElementIDAction<Key, InputActionType>?> = action
        nonisolated(unsafe) let statePath: KeyPath<GlobalState, [Key: StateType]> = stateCollection
        return liftedToCollection(
            { global in global[keyPath: actionPath].map { (key: $0.id, action: $0.action) } },
            { global, key, output in
                var embedding = global
                embedding[keyPath: actionPath] = ElementIDAction(id: key, action: output)
                return embedding
            },
            { $0[keyPath: statePath] },
            find: { values, key in values[key] },
            endDeparted: { values, lifetimes in lifetimes.endDeparted { values[$0] != nil } }
        )
    }
}
