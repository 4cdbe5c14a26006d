// The key-path forms take `KeyPath & Sendable`, so that only key paths safe to share are
// accepted, and capture it as a plain `KeyPath` (declared `nonisolated(unsafe)`, which it is
// safe to be: the value is Sendable, as its parameter type says). The optimizer folds a plain key
// path literal into direct property access; through the `& Sendable` existential it does not,
// and W2 of the benchmarks costs six times as much.

extension Reducer {
    /// Returns a reducer of a larger domain that runs this one on a part of it.
    ///
    /// - Parameters:
    ///   - actionGetter: Finds this reducer's action in a global action; `nil` skips the reducer.
    ///   - stateGetter: Reads this reducer's state from the global state.
    ///   - stateSetter: Writes this reducer's state back into the global state.
    @inlinable
    public func lift<GlobalAction, GlobalState>(
        actionGetter: @escaping @Sendable (GlobalAction) -> ActionType?,
        stateGetter: @escaping @Sendable (GlobalState) -> StateType,
        stateSetter: @escaping @Sendable (inout GlobalState, StateType) -> Void
    ) -> Reducer<GlobalAction, GlobalState> {
        guard let body else { return .identity }
        return Reducer<GlobalAction, GlobalState>(body: { globalAction, globalState in
            guard let action = actionGetter(globalAction) else { return }
            var state = stateGetter(globalState)
            body(action, &state)
            stateSetter(&globalState, state)
        })
    }

    /// Returns a reducer of a larger domain that runs this one on the part a key path names,
    /// in place.
    ///
    /// ```swift
    /// let appReducer = counterReducer.lift(action: \AppAction.counter, state: \AppState.counter)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The path to this reducer's action in a global action; `nil` skips the reducer.
    ///   - state: The path to this reducer's state in the global state.
    @inlinable
    public func lift<GlobalAction, GlobalState>(
        action: KeyPath<GlobalAction, ActionType?> & Sendable,
        state: WritableKeyPath<GlobalState, StateType> & Sendable
    ) -> Reducer<GlobalAction, GlobalState> {
        guard let body else { return .identity }
        nonisolated(unsafe) let actionPath: KeyPath<GlobalAction, ActionType?> = action
        nonisolated(unsafe) let statePath: WritableKeyPath<GlobalState, StateType> = state
        return Reducer<GlobalAction, GlobalState>(body: { globalAction, globalState in
            guard let action = globalAction[keyPath: actionPath] else { return }
            body(action, &globalState[keyPath: statePath])
        })
    }

    /// Returns a reducer of a larger action that runs this one on the actions it finds there.
    @inlinable
    public func lift<GlobalAction>(
        action: KeyPath<GlobalAction, ActionType?> & Sendable
    ) -> Reducer<GlobalAction, StateType> {
        guard let body else { return .identity }
        nonisolated(unsafe) let actionPath: KeyPath<GlobalAction, ActionType?> = action
        return Reducer<GlobalAction, StateType>(body: { globalAction, state in
            guard let action = globalAction[keyPath: actionPath] else { return }
            body(action, &state)
        })
    }

    /// Returns a reducer of a larger action that runs this one on the actions `actionGetter`
    /// finds; `nil` skips the reducer.
    @inlinable
    public func lift<GlobalAction>(
        actionGetter: @escaping @Sendable (GlobalAction) -> ActionType?
    ) -> Reducer<GlobalAction, StateType> {
        guard let body else { return .identity }
        return Reducer<GlobalAction, StateType>(body: { globalAction, state in
            guard let action = actionGetter(globalAction) else { return }
            body(action, &state)
        })
    }

    /// Returns a reducer of a larger state that runs this one, in place, on the part a key
    /// path names.
    @inlinable
    public func lift<GlobalState>(
        state: WritableKeyPath<GlobalState, StateType> & Sendable
    ) -> Reducer<ActionType, GlobalState> {
        guard let body else { return .identity }
        nonisolated(unsafe) let statePath: WritableKeyPath<GlobalState, StateType> = state
        return Reducer<ActionType, GlobalState>(body: { action, globalState in
            body(action, &globalState[keyPath: statePath])
        })
    }

    /// Returns a reducer of a larger state that reads its part with `stateGetter`, runs this
    /// one on it, and writes it back with `stateSetter`.
    @inlinable
    public func lift<GlobalState>(
        stateGetter: @escaping @Sendable (GlobalState) -> StateType,
        stateSetter: @escaping @Sendable (inout GlobalState, StateType) -> Void
    ) -> Reducer<ActionType, GlobalState> {
        guard let body else { return .identity }
        return Reducer<ActionType, GlobalState>(body: { action, globalState in
            var state = stateGetter(globalState)
            body(action, &state)
            stateSetter(&globalState, state)
        })
    }
}
