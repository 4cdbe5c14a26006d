extension ComposedMiddleware: Monoid {
    /// An empty composition, which handles nothing: the neutral element of `<>`, as SwiftRex 0.8 spells it.
    @inlinable
    public static var identity: ComposedMiddleware {
        ComposedMiddleware()
    }

    /// Returns one composition that runs `lhs`'s middlewares, then `rhs`'s: what `lhs <> rhs`
    /// does for two compositions.
    ///
    /// Two ``ComposedMiddleware`` values joined with `<>` stay a flat composition, where other
    /// middlewares joined with `<>` give a ``MiddlewarePair``.
    ///
    /// - Complexity: O(*n*), where *n* is the number of middlewares in both.
    // `<>` reaches this through `Semigroup`'s requirement only (see Semigroup.swift for why).
    @inlinable
    @_implements(Semigroup, <>(_:_:))
    public static func composed(_ lhs: ComposedMiddleware, _ rhs: ComposedMiddleware) -> ComposedMiddleware {
        var composed = lhs
        composed.append(rhs)
        return composed
    }
}
