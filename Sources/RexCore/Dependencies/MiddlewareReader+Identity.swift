// SwiftRex 0.8's two `identity` readers. Where both apply (the middleware is a `Monoid`),
// SwiftRex's reader gives the middleware type's own `identity`; here the other is disfavored to
// choose the same, since the type checker finds the two equally good otherwise.

extension MiddlewareReader {
    /// A reader that gives the middleware that does nothing, of this reader's action and state
    /// types, whatever the dependencies, as SwiftRex 0.8 spells it.
    ///
    /// ```swift
    /// let nothing = MiddlewareReader<World, FavoritesMiddleware>.identity
    /// ```
    @inlinable
    @_disfavoredOverload
    public static var identity: MiddlewareReader<
        Dependencies,
        IdentityMiddleware<MiddlewareType.InputActionType, MiddlewareType.OutputActionType, MiddlewareType.StateType>
    > {
        MiddlewareReader<
            Dependencies,
            IdentityMiddleware<MiddlewareType.InputActionType, MiddlewareType.OutputActionType, MiddlewareType.StateType>
        > { _ in IdentityMiddleware() }
    }
}

extension MiddlewareReader where MiddlewareType: Monoid {
    /// A reader that gives the middleware type's own ``Monoid/identity``, whatever the
    /// dependencies: for a ``ComposedMiddleware``, an empty composition.
    ///
    /// ```swift
    /// let empty = MiddlewareReader<World, ComposedMiddleware<AppAction, AppAction, AppState>>.identity
    /// ```
    @inlinable
    public static var identity: MiddlewareReader {
        MiddlewareReader { _ in MiddlewareType.identity }
    }
}
