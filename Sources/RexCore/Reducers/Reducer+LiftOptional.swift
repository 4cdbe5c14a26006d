// Lifting a reducer into an optional part of the state: a detail, a sheet, a logged-in session,
// or the case of an enum through an optional computed property (`var loggedIn: Session? { get
// set }`). The key-path forms change the part in place, as `lift` does.

extension Reducer {
    /// Returns a reducer of a larger domain that runs this one on an optional part of the state,
    /// in place, while the part is there.
    ///
    /// ```swift
    /// let appReducer = detailReducer.liftOptional(action: \AppAction.detail, state: \AppState.detail)
    /// ```
    ///
    /// An action for this reducer while the part is `nil` is skipped; a debug build says so, once
    /// for this lift, with the action and where it was dispatched from (see the article
    /// "Features that come and go"). A reducer that sets the part to `nil` or to a new value ends
    /// the feature's life there: its lifted middlewares' effects are cancelled after the turn.
    ///
    /// - Parameters:
    ///   - action: The path to this reducer's action in a global action; `nil` skips the reducer.
    ///   - state: The path to this reducer's optional state in the global state.
    @inlinable
    public func liftOptional<GlobalAction, GlobalState>(
        action: KeyPath<GlobalAction, ActionType?> & Sendable,
        state: WritableKeyPath<GlobalState, StateType?> & Sendable
    ) -> Reducer<GlobalAction, GlobalState> {
        guard let body else { return .identity }
        nonisolated(unsafe) let actionPath: KeyPath<GlobalAction, ActionType?> = action
        nonisolated(unsafe) let statePath: WritableKeyPath<GlobalState, StateType?> = state
        let absent = Self.absentPartReport(String(describing: state))
        return Reducer<GlobalAction, GlobalState>(body: { globalAction, globalState in
            guard let action = globalAction[keyPath: actionPath] else { return }
            guard globalState[keyPath: statePath] != nil else {
                absent?.report(action)
                return
            }
            body(action, &globalState[keyPath: statePath]!)
        })
    }

    /// Returns a reducer of a larger state that runs this one, in place, on an optional part of
    /// it while the part is there, for every action; while it is `nil`, actions pass by silently.
    @inlinable
    public func liftOptional<GlobalState>(
        state: WritableKeyPath<GlobalState, StateType?> & Sendable
    ) -> Reducer<ActionType, GlobalState> {
        guard let body else { return .identity }
        nonisolated(unsafe) let statePath: WritableKeyPath<GlobalState, StateType?> = state
        return Reducer<ActionType, GlobalState>(body: { action, globalState in
            guard globalState[keyPath: statePath] != nil else { return }
            body(action, &globalState[keyPath: statePath]!)
        })
    }

    /// Returns a reducer of a larger domain that reads an optional part with `stateGetter`, runs
    /// this one on it while it is there, and writes it back with `stateSetter`; as
    /// ``liftOptional(action:state:)``, with closures.
    ///
    /// - Parameters:
    ///   - actionGetter: Finds this reducer's action in a global action; `nil` skips the reducer.
    ///   - stateGetter: Reads this reducer's state from the global state; `nil` while it is absent.
    ///   - stateSetter: Writes this reducer's state back into the global state.
    @inlinable
    public func liftOptional<GlobalAction, GlobalState>(
        actionGetter: @escaping @Sendable (GlobalAction) -> ActionType?,
        stateGetter: @escaping @Sendable (GlobalState) -> StateType?,
        stateSetter: @escaping @Sendable (inout GlobalState, StateType) -> Void
    ) -> Reducer<GlobalAction, GlobalState> {
        guard let body else { return .identity }
        let absent = Self.absentPartReport(String(describing: StateType.self))
        return Reducer<GlobalAction, GlobalState>(body: { globalAction, globalState in
            guard let action = actionGetter(globalAction) else { return }
            guard var state = stateGetter(globalState) else {
                absent?.report(action)
                return
            }
            body(action, &state)
            stateSetter(&globalState, state)
        })
    }

    /// Returns a reducer of a larger state that reads an optional part with `stateGetter`, runs
    /// this one on it for every action while it is there, and writes it back with `stateSetter`.
    @inlinable
    public func liftOptional<GlobalState>(
        stateGetter: @escaping @Sendable (GlobalState) -> StateType?,
        stateSetter: @escaping @Sendable (inout GlobalState, StateType) -> Void
    ) -> Reducer<ActionType, GlobalState> {
        guard let body else { return .identity }
        return Reducer<ActionType, GlobalState>(body: { action, globalState in
            guard var state = stateGetter(globalState) else { return }
            body(action, &state)
            stateSetter(&globalState, state)
        })
    }

    /// The report of actions for an absent part, in debug builds; `nil` in release builds.
    @inlinable
    static func absentPartReport(_ part: @autoclosure () -> String) -> AbsentPartReport? {
        #if DEBUG
        return AbsentPartReport(part: part())
        #else
        return nil
        #endif
    }
}
