// Lifting a middleware with key paths: `\AppAction.counter` for the input action (a property
// returning an optional) and `\AppState.counter` for the state. Each form forwards to the
// closure form with a closure that captures the key path and applies it once, which lets the
// optimizer fold the key path away where the literal is visible. As in Reducer+Lift.swift, the
// parameters are `KeyPath & Sendable` and the closures capture them as plain key paths
// (`nonisolated(unsafe)`, safe since the values are Sendable), because the optimizer cannot
// fold through the existential.

extension MiddlewareProtocol {
    /// Returns this middleware running in a larger domain, finding its action and state by key path.
    ///
    /// ```swift
    /// counterMiddleware.lift(inputAction: \AppAction.counter, outputAction: AppAction.counter, state: \AppState.counter)
    /// ```
    @inlinable
    public func lift<GlobalInput, GlobalOutput, GlobalState>(
        inputAction: KeyPath<GlobalInput, InputActionType?> & Sendable,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput,
        state: KeyPath<GlobalState, StateType> & Sendable
    ) -> LiftMiddleware<GlobalInput, GlobalOutput, GlobalState, Self> {
        nonisolated(unsafe) let inputPath: KeyPath<GlobalInput, InputActionType?> = inputAction
        nonisolated(unsafe) let statePath: KeyPath<GlobalState, StateType> = state
        return lift(inputAction: { $0[keyPath: inputPath] }, outputAction: outputAction, state: { $0[keyPath: statePath] })
    }

    /// Returns this middleware running in a larger domain, finding its action by key path.
    @inlinable
    public func lift<GlobalInput, GlobalOutput, GlobalState>(
        inputAction: KeyPath<GlobalInput, InputActionType?> & Sendable,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> LiftMiddleware<GlobalInput, GlobalOutput, GlobalState, Self> {
        nonisolated(unsafe) let inputPath: KeyPath<GlobalInput, InputActionType?> = inputAction
        return lift(inputAction: { $0[keyPath: inputPath] }, outputAction: outputAction, state: state)
    }

    /// Returns this middleware running in a larger domain, finding its state by key path.
    @inlinable
    public func lift<GlobalInput, GlobalOutput, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInput) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput,
        state: KeyPath<GlobalState, StateType> & Sendable
    ) -> LiftMiddleware<GlobalInput, GlobalOutput, GlobalState, Self> {
        nonisolated(unsafe) let statePath: KeyPath<GlobalState, StateType> = state
        return lift(inputAction: inputAction, outputAction: outputAction, state: { $0[keyPath: statePath] })
    }

    /// Returns this middleware seeing and dispatching larger actions, finding its action by key path.
    @inlinable
    public func lift<GlobalInput, GlobalOutput>(
        inputAction: KeyPath<GlobalInput, InputActionType?> & Sendable,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput
    ) -> LiftMiddleware<GlobalInput, GlobalOutput, StateType, Self> {
        nonisolated(unsafe) let inputPath: KeyPath<GlobalInput, InputActionType?> = inputAction
        return lift(inputAction: { $0[keyPath: inputPath] }, outputAction: outputAction)
    }

    /// Returns this middleware seeing larger actions and a larger state, both found by key path.
    @inlinable
    public func lift<GlobalInput, GlobalState>(
        inputAction: KeyPath<GlobalInput, InputActionType?> & Sendable,
        state: KeyPath<GlobalState, StateType> & Sendable
    ) -> LiftMiddleware<GlobalInput, OutputActionType, GlobalState, Self> {
        nonisolated(unsafe) let inputPath: KeyPath<GlobalInput, InputActionType?> = inputAction
        nonisolated(unsafe) let statePath: KeyPath<GlobalState, StateType> = state
        return lift(inputAction: { $0[keyPath: inputPath] }, state: { $0[keyPath: statePath] })
    }

    /// Returns this middleware seeing larger actions, found by key path, and a larger state.
    @inlinable
    public func lift<GlobalInput, GlobalState>(
        inputAction: KeyPath<GlobalInput, InputActionType?> & Sendable,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> LiftMiddleware<GlobalInput, OutputActionType, GlobalState, Self> {
        nonisolated(unsafe) let inputPath: KeyPath<GlobalInput, InputActionType?> = inputAction
        return lift(inputAction: { $0[keyPath: inputPath] }, state: state)
    }

    /// Returns this middleware seeing larger actions and a larger state, found by key path.
    @inlinable
    public func lift<GlobalInput, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInput) -> InputActionType?,
        state: KeyPath<GlobalState, StateType> & Sendable
    ) -> LiftMiddleware<GlobalInput, OutputActionType, GlobalState, Self> {
        nonisolated(unsafe) let statePath: KeyPath<GlobalState, StateType> = state
        return lift(inputAction: inputAction, state: { $0[keyPath: statePath] })
    }

    /// Returns this middleware dispatching larger actions and reading a larger state found by key path.
    @inlinable
    public func lift<GlobalOutput, GlobalState>(
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutput,
        state: KeyPath<GlobalState, StateType> & Sendable
    ) -> LiftMiddleware<InputActionType, GlobalOutput, GlobalState, Self> {
        nonisolated(unsafe) let statePath: KeyPath<GlobalState, StateType> = state
        return lift(outputAction: outputAction, state: { $0[keyPath: statePath] })
    }

    /// Returns this middleware seeing larger actions, found by key path.
    @inlinable
    public func lift<GlobalInput>(
        inputAction: KeyPath<GlobalInput, InputActionType?> & Sendable
    ) -> LiftMiddleware<GlobalInput, OutputActionType, StateType, Self> {
        nonisolated(unsafe) let inputPath: KeyPath<GlobalInput, InputActionType?> = inputAction
        return lift(inputAction: { $0[keyPath: inputPath] })
    }

    /// Returns this middleware reading a larger state, found by key path.
    @inlinable
    public func lift<GlobalState>(
        state: KeyPath<GlobalState, StateType> & Sendable
    ) -> LiftMiddleware<InputActionType, OutputActionType, GlobalState, Self> {
        nonisolated(unsafe) let statePath: KeyPath<GlobalState, StateType> = state
        return lift(state: { $0[keyPath: statePath] })
    }
}
