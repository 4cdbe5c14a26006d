extension MiddlewareReader {
    /// Returns a reader whose middleware is this one's lifted to a larger domain, as the
    /// middleware's own `lift(inputAction:outputAction:state:)` does.
    @inlinable
    public func lift<GlobalInput, GlobalOutput, GlobalState>(
        inputAction: @escaping @Sendable (GlobalInput) -> MiddlewareType.InputActionType?,
        outputAction: @escaping @Sendable (MiddlewareType.OutputActionType) -> GlobalOutput,
        state: @escaping @Sendable (GlobalState) -> MiddlewareType.StateType
    ) -> MiddlewareReader<Dependencies, LiftMiddleware<GlobalInput, GlobalOutput, GlobalState, MiddlewareType>> {
        mapMiddleware { $0.lift(inputAction: inputAction, outputAction: outputAction, state: state) }
    }
}
