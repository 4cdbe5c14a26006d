/// A type whose values combine, two into one, with `<>`, associatively:
/// `(a <> b) <> c` does what `a <> (b <> c)` does.
///
/// ``Reducer``, ``IO`` and ``ComposedMiddleware`` are semigroups, and monoids, as in SwiftRex
/// 0.8, so that code written against these protocols combines any of them, and a type of your
/// own that conforms combines with `<>` like them:
///
/// ```swift
/// func combineAll<T: Monoid>(_ values: [T]) -> T {
///     values.reduce(T.identity, <>)
/// }
/// ```
///
/// For Rex's types, `lhs <> rhs` runs `lhs` first.
///
/// ## Why Rex's types implement `<>` under another name
///
/// Each of Rex's semigroups implements this requirement with a static function of another name
/// (``Reducer/composed(_:_:)``, for example), so that `<>` on them is this requirement and
/// nothing else. Were each type's `<>` also declared on the type, as SwiftRex 0.8 does, every
/// `<>` in a chain would match twice over (the type's own and this requirement), and the
/// type checker would weigh every mix of the two: 30 reducers joined with `<>` took 12 s to
/// type-check with SwiftRex 0.8.12 and with Rex declared that way, and 24 ms declared this way.
public protocol Semigroup {
    /// Returns the combination of two values: for Rex's types, one that runs `lhs`, then `rhs`.
    static func <> (lhs: Self, rhs: Self) -> Self
}
