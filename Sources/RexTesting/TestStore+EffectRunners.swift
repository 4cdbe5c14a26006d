import RexCore
import RexMiddlewares

extension TestStore {
    /// The effect middlewares inside `middleware`: what `finish()` waits for when the test gives
    /// none. Looks through the middlewares a middleware is built of (lifted, joined with `<>`,
    /// gated, logged, or held by a middleware of the app's) down to each one that runs effects,
    /// so that the app's middleware goes into a test store as its entry point builds it.
    ///
    /// A type-erased middleware (`AnyMiddleware`, `ComposedMiddleware`) holds its members in
    /// closures, where nothing can be seen: the test gives those effect middlewares itself.
    ///
    /// - Complexity: O(*n*), where *n* is the number of stored properties of the middlewares
    ///   looked through.
    static func effectRunners(in middleware: any MiddlewareProtocol) -> [any EffectRunning] {
        // A lifted effect middleware, or a pair of them, runs effects as a whole: taken as it is.
        if let runner = middleware as? any EffectRunning {
            return [runner]
        }
        // Only members that are middlewares are looked into: a middleware's other properties
        // (its dependencies, a large value) may be anything, and are not walked.
        return Mirror(reflecting: middleware).children.flatMap { child -> [any EffectRunning] in
            guard let member = child.value as? any MiddlewareProtocol else { return [] }
            return effectRunners(in: member)
        }
    }
}
