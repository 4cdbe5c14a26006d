extension MiddlewareReader {
    /// Returns a reader that injects the same dependencies into two readers and combines their
    /// middlewares with `combine`.
    ///
    /// ```swift
    /// let reader = MiddlewareReader.zip(apiReader, storageReader) { api, storage in api <> storage }
    /// ```
    @inlinable
    public static func zip<First: MiddlewareProtocol, Second: MiddlewareProtocol>(
        _ first: MiddlewareReader<Dependencies, First>,
        _ second: MiddlewareReader<Dependencies, Second>,
        with combine: @escaping @Sendable (First, Second) -> MiddlewareType
    ) -> MiddlewareReader {
        MiddlewareReader { dependencies in
            combine(first.inject(dependencies), second.inject(dependencies))
        }
    }

    /// Returns a reader that injects the same dependencies into three readers and combines their
    /// middlewares with `combine`.
    @inlinable
    public static func zip<First: MiddlewareProtocol, Second: MiddlewareProtocol, Third: MiddlewareProtocol>(
        _ first: MiddlewareReader<Dependencies, First>,
        _ second: MiddlewareReader<Dependencies, Second>,
        _ third: MiddlewareReader<Dependencies, Third>,
        with combine: @escaping @Sendable (First, Second, Third) -> MiddlewareType
    ) -> MiddlewareReader {
        MiddlewareReader { dependencies in
            combine(first.inject(dependencies), second.inject(dependencies), third.inject(dependencies))
        }
    }
}
