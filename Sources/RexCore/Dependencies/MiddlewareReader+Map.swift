extension MiddlewareReader {
    /// Returns a reader whose middleware is this one's, transformed: to wrap, erase or lift it.
    ///
    /// ```swift
    /// let erased = reader.mapMiddleware { $0.eraseToAnyMiddleware() }
    /// ```
    @inlinable
    public func mapMiddleware<NewMiddleware: MiddlewareProtocol>(
        _ transform: @escaping @Sendable (MiddlewareType) -> NewMiddleware
    ) -> MiddlewareReader<Dependencies, NewMiddleware> {
        let makeMiddleware = self.makeMiddleware
        return MiddlewareReader<Dependencies, NewMiddleware> { dependencies in
            transform(makeMiddleware(dependencies))
        }
    }

    /// Returns a reader of larger dependencies, from which `transform` takes the part this one needs.
    ///
    /// ```swift
    /// let reader: MiddlewareReader<World, FavoritesMiddleware> = apiReader.contramapDependencies(\.api)
    /// ```
    @inlinable
    public func contramapDependencies<World>(
        _ transform: @escaping @Sendable (World) -> Dependencies
    ) -> MiddlewareReader<World, MiddlewareType> {
        let makeMiddleware = self.makeMiddleware
        return MiddlewareReader<World, MiddlewareType> { world in
            makeMiddleware(transform(world))
        }
    }
}
