// Lifting a middleware. Every non-empty subset of the three transformations has its own
// overload, taking closures as SwiftRex 0.8 does; an omitted one keeps the middleware's own type.
// Key-path literals are accepted as these closures (SE-0249): `\AppAction.counter`.
//
// There are no key-path-typed overloads on purpose. A key-path literal matches both a `KeyPath`
// parameter and a function parameter, so with both forms every term of a `<>` chain had several
// viable overloads, and 10 lifted middlewares in an `async` function, or in Swift 5 mode, failed
// to type-check ("unable to type-check this expression in reasonable time"). With one overload
// per label set, 60 terms type-check in about 200 ms (Benchmarks/CompileTime). A key path
// literal passed as a closure is also folded into direct property access by the optimizer.

extension MiddlewareProtocol {
    /// Returns this middleware running in a larger domain.
    ///
    /// - Parameters:
    ///   - inputAction: Finds this middleware's action in a global action; `nil` skips it.
    ///   - outputAction: Turns what this middleware dispatches into a global action (an enum
    ///     case such as `AppAction.counter` works).
    ///   - state: Reads this middleware's state from the global state.
    @inlinable
    public func lift<GlobalInputAction, GlobalOutputAction, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> LiftMiddleware<GlobalInputAction, GlobalOutputAction, GlobalState, Self> {
        LiftMiddleware(self, inputAction: inputAction, outputAction: outputAction, state: state)
    }

    /// Returns this middleware seeing and dispatching larger actions, with its own state.
    @inlinable
    public func lift<GlobalInputAction, GlobalOutputAction>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> InputActionType?,
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputAction
    ) -> LiftMiddleware<GlobalInputAction, GlobalOutputAction, StateType, Self> {
        LiftMiddleware(self, inputAction: inputAction, outputAction: outputAction, state: { $0 })
    }

    /// Returns this middleware seeing larger actions and a larger state, dispatching its own actions.
    @inlinable
    public func lift<GlobalInputAction, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> InputActionType?,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> LiftMiddleware<GlobalInputAction, OutputActionType, GlobalState, Self> {
        LiftMiddleware(self, inputAction: inputAction, outputAction: { $0 }, state: state)
    }

    /// Returns this middleware dispatching larger actions and reading a larger state, seeing its
    /// own actions.
    @inlinable
    public func lift<GlobalOutputAction, GlobalState>(
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputAction,
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> LiftMiddleware<InputActionType, GlobalOutputAction, GlobalState, Self> {
        LiftMiddleware(self, inputAction: { $0 }, outputAction: outputAction, state: state)
    }

    /// Returns this middleware seeing larger actions; `nil` from `inputAction` skips it.
    @inlinable
    public func lift<GlobalInputAction>(
        inputAction: @escaping @Sendable (GlobalInputAction) -> InputActionType?
    ) -> LiftMiddleware<GlobalInputAction, OutputActionType, StateType, Self> {
        LiftMiddleware(self, inputAction: inputAction, outputAction: { $0 }, state: { $0 })
    }

    /// Returns this middleware dispatching larger actions.
    @inlinable
    public func lift<GlobalOutputAction>(
        outputAction: @escaping @Sendable (OutputActionType) -> GlobalOutputAction
    ) -> LiftMiddleware<InputActionType, GlobalOutputAction, StateType, Self> {
        LiftMiddleware(self, inputAction: { $0 }, outputAction: outputAction, state: { $0 })
    }

    /// Returns this middleware reading a larger state.
    @inlinable
    public func lift<GlobalState>(
        state: @escaping @Sendable (GlobalState) -> StateType
    ) -> LiftMiddleware<InputActionType, OutputActionType, GlobalState, Self> {
        LiftMiddleware(self, inputAction: { $0 }, outputAction: { $0 }, state: state)
    }
}
