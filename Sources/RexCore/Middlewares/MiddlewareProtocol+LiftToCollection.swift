// Every collection lift is a one-line call of `liftedToCollection`, which finds the element by
// a key (an id or an index) and runs this middleware for it.

extension MiddlewareProtocol where StateType: Identifiable & Sendable, StateType.ID: Sendable {
    /// Returns this middleware running for the elements of a collection: each
    /// ``ElementIDAction`` goes to this middleware with the element of that id as its state,
    /// and what it dispatches comes back through `outputAction`, in an `ElementIDAction` of the
    /// same id.
    ///
    /// ```swift
    /// let rows = rowMiddleware.liftToCollection(
    ///     inputAction: \AppAction.row,
    ///     outputAction: AppAction.row,
    ///     state: \AppState.rows
    /// )
    /// ```
    ///
    /// An action for an id that is not in the collection is skipped. `state()` in the IO finds
    /// the element by its id each time; once the element is removed, it returns the element as
    /// it was when the action was handled.
    ///
    /// What the element's IO starts lives as long as the element: its output carries the
    /// element's ``AnyActionHandler/lifetime``, which ends in the IO phase of the turn that
    /// removes the element (an `EffectMiddleware`'s effects for it are cancelled, and send
    /// nothing more). See the article "Features that come and go".
    ///
    /// - Complexity: O(*n*) per action for an *n*-element collection, to find the element; O(1)
    ///   for an ``IdentifiedArray``. While elements have live work, a check after each turn:
    ///   O(*n*) for a collection, O(changes) for an ``IdentifiedArray``.
    @inlinable
    public func liftToCollection<GlobalInputAction: Sendable, GlobalOutputAction, GlobalState, Elements: Collection & Sendable>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> ElementIDAction<StateType.ID, InputActionType>?,
        outputAction: @escaping @Sendable (ElementIDAction<StateType.ID, OutputActionType>) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> Elements
    ) -> LiftToCollectionMiddleware<GlobalInputAction, GlobalOutputAction, GlobalState, Elements, Self>
    where Elements.Element == StateType {
        liftedToCollection(
            byID(inputAction),
            { _, id, action in outputAction(ElementIDAction(id: id, action: action)) },
            state,
            find: { elements, id in elements.first { $0.id == id } },
            endDeparted: { elements, lifetimes in lifetimes.endDeparted(from: elements, id: \.id) }
        )
    }

    /// Returns this middleware running for the elements of an ``IdentifiedArray``, each found by
    /// its id in O(1); otherwise as the lift to any collection.
    ///
    /// Composed at the top of the store (alone, with `<>`, or in a ``ComposedMiddleware``), the
    /// lift has the store find the elements that left the array right after each reducer, where
    /// the store keeps the state, and end their lifetimes after the turn's other IOs; its own IO
    /// then checks nothing. Lifted further, its IO checks, in composition order. The lift keeps
    /// the lifetimes of its elements' work, so it serves one store: make one for each store.
    ///
    /// - Complexity: O(1) per action, however many elements the array holds; while elements
    ///   have live work, a check after each turn of the ids the array's change log names.
    @inlinable
    public func liftToCollection<GlobalInputAction: Sendable, GlobalOutputAction, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> ElementIDAction<StateType.ID, InputActionType>?,
        outputAction: @escaping @Sendable (ElementIDAction<StateType.ID, OutputActionType>) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> IdentifiedArray<StateType.ID, StateType>
    ) -> LiftToCollectionMiddleware<GlobalInputAction, GlobalOutputAction, GlobalState, IdentifiedArray<StateType.ID, StateType>, Self> {
        liftedToCollection(
            byID(inputAction),
            { _, id, action in outputAction(ElementIDAction(id: id, action: action)) },
            state,
            find: { elements, id in elements[id: id] },
            endDeparted: { elements, lifetimes in lifetimes.endDeparted(from: elements) },
            departedOnCommit: { elements, lifetimes in lifetimes.departed(from: elements) }
        )
    }

    /// The key and the element's action of an ``ElementIDAction``.
    @inlinable
    func byID<GlobalInputAction>(
        _ inputAction: @escaping @Sendable (GlobalInputAction) -> ElementIDAction<StateType.ID, InputActionType>?
    ) -> @Sendable (GlobalInputAction) -> (key: StateType.ID, action: InputActionType)? {
        { global in inputAction(global).map { (key: $0.id, action: $0.action) } }
    }
}

extension MiddlewareProtocol
where StateType: Identifiable & Sendable, StateType.ID: Sendable, InputActionType == OutputActionType {
    /// Returns this middleware running for the elements of a collection, as SwiftRex 0.8 spells
    /// it: the element's action is read from the global action through a writable key path, and
    /// what the element's middleware dispatches is written back, through the same key path,
    /// into a copy of the global action it handled.
    ///
    /// ```swift
    /// let rows = rowMiddleware.liftToCollection(action: \AppAction.row, stateCollection: \AppState.rows)
    /// ```
    ///
    /// - Complexity: O(*n*) per action for an *n*-element collection, to find the element; O(1)
    ///   for an ``IdentifiedArray``.
    @inlinable
    public func liftToCollection<GlobalAction: Sendable, GlobalState, Elements: Collection & Sendable>(
        action: WritableKeyPath<GlobalAction, ElementIDAction<StateType.ID, InputActionType>?> & Sendable,
        stateCollection: KeyPath<GlobalState, Elements> & Sendable
    ) -> LiftToCollectionMiddleware<GlobalAction, GlobalAction, GlobalState, Elements, Self>
    where Elements.Element == StateType {
        liftToCollection(
            action: action,
            stateCollection: stateCollection,
            find: { elements, id in elements.first { $0.id == id } },
            endDeparted: { elements, lifetimes in lifetimes.endDeparted(from: elements, id: \.id) }
        )
    }

    /// Returns this middleware running for the elements of an ``IdentifiedArray``, each found by
    /// its id in O(1), as SwiftRex 0.8 spells it; otherwise as the lift to any collection. At the
    /// top of the store, the elements that left the array are found where the store keeps the
    /// state, as for the lift with closures.
    ///
    /// - Complexity: O(1) per action, however many elements the array holds.
    @inlinable
    public func liftToCollection<GlobalAction: Sendable, GlobalState>(
        action: WritableKeyPath<GlobalAction, ElementIDAction<StateType.ID, InputActionType>?> & Sendable,
        stateCollection: KeyPath<GlobalState, IdentifiedArray<StateType.ID, StateType>> & Sendable
    ) -> LiftToCollectionMiddleware<GlobalAction, GlobalAction, GlobalState, IdentifiedArray<StateType.ID, StateType>, Self> {
        liftToCollection(
            action: action,
            stateCollection: stateCollection,
            find: { elements, id in elements[id: id] },
            endDeparted: { elements, lifetimes in lifetimes.endDeparted(from: elements) },
            departedOnCommit: { elements, lifetimes in lifetimes.departed(from: elements) }
        )
    }

    /// The lift of ``liftToCollection(action:stateCollection:)``, finding the element with `find`.
    @inlinable
    func liftToCollection<GlobalAction: Sendable, GlobalState, Elements: Collection & Sendable>(
        action: WritableKeyPath<GlobalAction, ElementIDAction<StateType.ID, InputActionType>?> & Sendable,
        stateCollection: KeyPath<GlobalState, Elements> & Sendable,
        find: @escaping @Sendable (Elements, StateType.ID) -> StateType?,
        endDeparted: @escaping @Sendable (Elements, PartLifetimes<StateType.ID>) -> Void,
        departedOnCommit: (@Sendable (Elements, PartLifetimes<StateType.ID>) -> [StateLifetime])? = nil
    ) -> LiftToCollectionMiddleware<GlobalAction, GlobalAction, GlobalState, Elements, Self>
    where Elements.Element == StateType {
        // Plain key paths, which the optimizer can fold into property access (see Reducer+Lift.swift).
        nonisolated(unsafe) let actionPath: WritableKeyPath<GlobalAction, ElementIDAction<StateType.ID, InputActionType>?> = action
        nonisolated(unsafe) let statePath: KeyPath<GlobalState, Elements> = stateCollection
        return liftedToCollection(
            byID { $0[keyPath: actionPath] },
            { global, id, output in
                var embedding = global
                embedding[keyPath: actionPath] = ElementIDAction(id: id, action: output)
                return embedding
            },
            { $0[keyPath: statePath] },
            find: find,
            endDeparted: endDeparted,
            departedOnCommit: departedOnCommit
        )
    }
}

extension MiddlewareProtocol where StateType: Sendable {
    /// Returns this middleware running for the elements of a collection, each found by its
    /// position: each ``ElementIndexAction`` goes to this middleware with the element at that
    /// index as its state, and what it dispatches comes back through `outputAction`, in an
    /// `ElementIndexAction` of the same index.
    ///
    /// An action for an index outside the collection is skipped. `state()` in the IO reads the
    /// element at that index each time; once the index is outside the collection, it returns the
    /// element as it was when the action was handled. An index names a place, not an element:
    /// what the IO starts is not tied to one (lift by id for that).
    ///
    /// - Complexity: O(1) per action for a `RandomAccessCollection`.
    @inlinable
    public func liftToCollection<GlobalInputAction: Sendable, GlobalOutputAction, GlobalState, Elements: Collection & Sendable>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> ElementIndexAction<Elements.Index, InputActionType>?,
        outputAction: @escaping @Sendable (ElementIndexAction<Elements.Index, OutputActionType>) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> Elements
    ) -> LiftToCollectionMiddleware<GlobalInputAction, GlobalOutputAction, GlobalState, Elements, Self>
    where Elements.Element == StateType, Elements.Index: Hashable & Sendable {
        liftedToCollection(
            { global in inputAction(global).map { (key: $0.index, action: $0.action) } },
            { _, index, action in outputAction(ElementIndexAction(index: index, action: action)) },
            state,
            find: { elements, index in index >= elements.startIndex && index < elements.endIndex ? elements[index] : nil },
            endDeparted: nil
        )
    }

    /// What every collection lift does: finds the element the action names by its key, runs
    /// this middleware with it as the state, and wraps what it dispatches for the same key.
    ///
    /// With `endDeparted`, what the element's IO starts lives as long as the element (see
    /// ``PartLifetimes``): `endDeparted` ends the lifetimes of the elements a collection no
    /// longer has, in the way that suits the collection. Without it (positions, which name no
    /// element for long), the element's IO runs as a lifted middleware's does.
    ///
    /// With `departedOnCommit` too (a collection that tells what changed, quickly), the lift
    /// hands the store an observer (see `CommittedStateObserving`): composed at the top of the
    /// store, it finds the departed elements after each reducer, where the store keeps the
    /// state, and ends their lifetimes after the turn's other IOs; the lift's IO then reads
    /// nothing to check. Lifted further, or with no store observing, the IO checks.
    @inlinable
    func liftedToCollection<GlobalInputAction: Sendable, GlobalOutputAction, GlobalState, Elements: Collection & Sendable, Key: Hashable & Sendable>(
        _ elementAction: @escaping @Sendable (GlobalInputAction) -> (key: Key, action: InputActionType)?,
        _ outputAction: @escaping @Sendable (GlobalInputAction, Key, OutputActionType) -> GlobalOutputAction,
        _ state: @escaping @Sendable (GlobalState) -> Elements,
        find: @escaping @Sendable (Elements, Key) -> StateType?,
        endDeparted: (@Sendable (Elements, PartLifetimes<Key>) -> Void)?,
        departedOnCommit: (@Sendable (Elements, PartLifetimes<Key>) -> [StateLifetime])? = nil
    ) -> LiftToCollectionMiddleware<GlobalInputAction, GlobalOutputAction, GlobalState, Elements, Self> {
        let lifetimes = endDeparted.map { _ in PartLifetimes<Key>() }
        var observer: CommittedStateObserver<GlobalState, GlobalOutputAction>?
        if let lifetimes, let departedOnCommit {
            observer = Self.departureObserver(of: lifetimes, in: state, departed: departedOnCommit)
        }
        return LiftToCollectionMiddleware(middleware: self, observer: observer) { middleware, globalAction, dispatcher, getState in
            // The check after the turn, when the IO makes it: some work lives, and no store's
            // observer checks.
            let checksInIO = lifetimes.map { !$0.isEmpty && !$0.isObserved } ?? false
            guard let (key, action) = elementAction(globalAction), let found = find(state(getState()), key) else {
                guard checksInIO, let lifetimes, let endDeparted else { return .pure() }
                return IO { _ in endDeparted(state(getState()), lifetimes) }
            }
            let elementState: GetState<StateType> = { find(state(getState()), key) ?? found }
            let elementIO = middleware.handle(action: action, from: dispatcher, state: elementState)
            if elementIO.isPure {
                // Only the check after the turn, made here: one closure (W14: two allocations an
                // edit fewer than through `run`), and no output mapped (the mapping closure, made
                // before `map` looks at the IO, was one more allocation).
                guard checksInIO, let lifetimes, let endDeparted else { return .pure() }
                return IO { _ in endDeparted(state(getState()), lifetimes) }
            }
            let io = elementIO.map { outputAction(globalAction, key, $0) }
            guard let lifetimes, let endDeparted else { return io }
            var check: (@Sendable () -> Void)?
            if !lifetimes.isObserved {
                check = { endDeparted(state(getState()), lifetimes) }
            }
            return lifetimes.run(io, for: key, endDeparted: check, isPresent: { find(state(getState()), key) != nil })
        }
    }

    /// The observer of a lift's committed states: under the store's lock, lets go of the
    /// lifetimes of the departed elements (`departed` finds them), and returns an IO that ends
    /// them, for the store to run after the turn's other IOs (ending runs what was registered:
    /// cancellation handlers, never under the store's lock). Nothing while no work lives.
    @inlinable
    static func departureObserver<GlobalState, GlobalOutputAction, Elements, Key>(
        of lifetimes: PartLifetimes<Key>,
        in state: @escaping @Sendable (GlobalState) -> Elements,
        departed: @escaping @Sendable (Elements, PartLifetimes<Key>) -> [StateLifetime]
    ) -> CommittedStateObserver<GlobalState, GlobalOutputAction> {
        { globalState in
            lifetimes.noteObserved()
            guard !lifetimes.isEmpty else { return .pure() }
            let ended = departed(state(globalState), lifetimes)
            guard !ended.isEmpty else { return .pure() }
            return IO { _ in lifetimes.end(ended) }
        }
    }
}
