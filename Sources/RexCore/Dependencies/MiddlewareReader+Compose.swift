extension MiddlewareReader {
    /// Returns a reader that injects the same dependencies into both readers and composes their
    /// middlewares: `lhs`'s runs first.
    @inlinable
    public static func <> <Other: MiddlewareProtocol>(
        lhs: MiddlewareReader,
        rhs: MiddlewareReader<Dependencies, Other>
    ) -> MiddlewareReader<Dependencies, MiddlewarePair<MiddlewareType, Other>>
    where
        Other.InputActionType == MiddlewareType.InputActionType,
        Other.OutputActionType == MiddlewareType.OutputActionType,
        Other.StateType == MiddlewareType.StateType
    {
        MiddlewareReader<Dependencies, MiddlewarePair<MiddlewareType, Other>> {
            dependencies in
            lhs.inject(dependencies) <> rhs.inject(dependencies)
        }
    }
}
