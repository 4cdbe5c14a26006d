/// A middleware still waiting for its dependencies: a function from dependencies to a middleware.
///
/// Describe middlewares as readers where they are written, compose and lift them as readers, and
/// inject the real dependencies once, at the app's entry point (tests inject mocks):
///
/// ```swift
/// let apiMiddleware = MiddlewareReader { (api: API) in FavoritesMiddleware(api: api) }
/// let middleware = apiMiddleware.inject(liveAPI)
/// ```
public struct MiddlewareReader<Dependencies, MiddlewareType: MiddlewareProtocol>: Sendable {  // SwiftRex 0.8's parameter names (Docs/Names.md)
    @usableFromInline
    let makeMiddleware: @Sendable (Dependencies) -> MiddlewareType

    /// Creates a reader from a function that builds the middleware from its dependencies.
    @inlinable
    public init(_ makeMiddleware: @escaping @Sendable (Dependencies) -> MiddlewareType) {
        self.makeMiddleware = makeMiddleware
    }

    /// Creates a reader from a function that builds the middleware from its dependencies.
    ///
    /// Disfavored so that a trailing closure, `MiddlewareReader { … }`, picks ``init(_:)``
    /// instead of being ambiguous; the two do the same.
    @inlinable
    @_disfavoredOverload
    public init(inject makeMiddleware: @escaping @Sendable (Dependencies) -> MiddlewareType) {
        self.makeMiddleware = makeMiddleware
    }

    /// Returns the middleware built with these dependencies.
    @inlinable
    public func inject(_ dependencies: Dependencies) -> MiddlewareType {
        makeMiddleware(dependencies)
    }

    /// Returns a reader that ignores its dependencies and gives `middleware`.
    @inlinable
    public static func pure(_ middleware: MiddlewareType) -> MiddlewareReader {
        MiddlewareReader { _ in middleware }
    }
}
