extension MiddlewareReader {
    /// Returns a reader that injects the same dependencies into every reader given and combines
    /// their middlewares with `combine`: SwiftRex 0.8's `zip`, for any number of readers.
    ///
    /// ```swift
    /// let reader = MiddlewareReader.zip(apiReader, storageReader, with: { api, storage in api <> storage })
    /// ```
    ///
    /// - Complexity: O(*n*) at injection, for *n* readers; nothing per action.
    @inlinable
    public static func zip<each Part: MiddlewareProtocol>(
        _ reader: repeat MiddlewareReader<Dependencies, each Part>,
        with combine: @escaping @Sendable (repeat each Part) -> MiddlewareType
    ) -> MiddlewareReader {
        MiddlewareReader { dependencies in
            combine(repeat (each reader).inject(dependencies))
        }
    }
}
