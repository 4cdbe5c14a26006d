extension Reducer {
    /// Returns a reducer that runs `lhs`, then `rhs`, on the same action and state.
    ///
    /// Composing with ``identity`` returns the other reducer unchanged.
    @inlinable
    public static func <> (lhs: Reducer, rhs: Reducer) -> Reducer {
        guard let first = lhs.body else { return rhs }
        guard let second = rhs.body else { return lhs }
        return Reducer(body: { action, state in
            first(action, &state)
            second(action, &state)
        })
    }
}
