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
    public func contramapDependencies<GlobalDependencies>(
        _ transform: @escaping @Sendable (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<GlobalDependencies, MiddlewareType> {
        let makeMiddleware = self.makeMiddleware
        return MiddlewareReader<GlobalDependencies, MiddlewareType> { world in
            makeMiddleware(transform(world))
        }
    }
}

extension MiddlewareReader {
    /// Returns a reader of larger dependencies whose middleware is this one's, transformed: what
    /// ``mapMiddleware(_:)`` and ``contramapDependencies(_:)`` do, in one call, as SwiftRex 0.8
    /// spells it.
    @inlinable
    public func dimap<NewMiddleware: MiddlewareProtocol, GlobalDependencies>(
        transformMiddleware: @escaping @Sendable (MiddlewareType) -> NewMiddleware,
        extractOnlyDependenciesNeededForThisMiddleware: @escaping @Sendable (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<GlobalDependencies, NewMiddleware> {
        mapMiddleware(transformMiddleware).contramapDependencies(extractOnlyDependenciesNeededForThisMiddleware)
    }

    /// Returns a reader that makes this one's middleware, then the middleware of the reader
    /// `transform` returns for it, with the same dependencies.
    @inlinable
    public func flatMap<NewMiddleware: MiddlewareProtocol>(
        _ transform: @escaping @Sendable (MiddlewareType) -> MiddlewareReader<Dependencies, NewMiddleware>
    ) -> MiddlewareReader<Dependencies, NewMiddleware> {
        let makeMiddleware = self.makeMiddleware
        return MiddlewareReader<Dependencies, NewMiddleware> { dependencies in
            transform(makeMiddleware(dependencies)).inject(dependencies)
        }
    }

    /// SwiftRex 0.8's spelling of ``contramapDependencies(_:)``.
    @inlinable
    @available(*, deprecated, renamed: "contramapDependencies")
    public func contramapDependecies<GlobalDependencies>(
        _ extractOnlyDependenciesNeededForThisMiddleware: @escaping @Sendable (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<GlobalDependencies, MiddlewareType> {
        contramapDependencies(extractOnlyDependenciesNeededForThisMiddleware)
    }
}
