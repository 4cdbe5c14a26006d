extension Reducer: Monoid {
    /// Returns a reducer that runs `lhs`, then `rhs`, on the same action and state: what
    /// `lhs <> rhs` does for reducers.
    ///
    /// Composing with ``identity`` returns the other reducer unchanged.
    // `<>` reaches this through `Semigroup`'s requirement only (see Semigroup.swift for why).
    @inlinable
    @_implements(Semigroup, <>(_:_:))
    public static func composed(_ lhs: Reducer, _ rhs: Reducer) -> Reducer {
        guard let first = lhs.body else { return rhs }
        guard let second = rhs.body else { return lhs }
        return Reducer(body: { action, state in
            first(action, &state)
            second(action, &state)
        })
    }
}
