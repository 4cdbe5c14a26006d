extension MiddlewareReader {
    /// Returns a reader whose middleware is this one's lifted to a larger domain, finding its
    /// action and state by key path, as the middleware's own `lift` does.
    @inlinable
    public func lift<GlobalInput, GlobalOutput, GlobalState>(
        inputAction: KeyPath<GlobalInput, MiddlewareType.InputActionType?> & Sendable,
        outputAction: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutput,
        state: KeyPath<GlobalState, MiddlewareType.StateType> & Sendable
    ) -> MiddlewareReader<Dependencies, LiftMiddleware<GlobalInput, GlobalOutput, GlobalState, MiddlewareType>> {
        mapMiddleware { $0.lift(inputAction: inputAction, outputAction: outputAction, state: state) }
    }

    /// Returns a reader whose middleware is this one's lifted to a larger domain with closures.
    @inlinable
    public func lift<GlobalInput, GlobalOutput, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInput) -> MiddlewareType.InputActionType?,
        outputAction: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutput,
        state: @escaping @Sendable (GlobalState) -> MiddlewareType.StateType
    ) -> MiddlewareReader<Dependencies, LiftMiddleware<GlobalInput, GlobalOutput, GlobalState, MiddlewareType>> {
        mapMiddleware { $0.lift(inputAction: inputAction, outputAction: outputAction, state: state) }
    }
}
