extension IO: Monoid {
    /// Returns an IO that runs `lhs`'s work, then `rhs`'s, with the same output: what
    /// `lhs <> rhs` does for IOs.
    ///
    /// A pure side is dropped, so composing pure IOs stays pure and allocates nothing.
    // `<>` reaches this through `Semigroup`'s requirement only (see Semigroup.swift for why).
    @inlinable
    @_implements(Semigroup, <>(_:_:))
    public static func composed(_ lhs: IO, _ rhs: IO) -> IO {
        guard let first = lhs.body else { return rhs }
        guard let second = rhs.body else { return lhs }
        return IO(body: { output in
            first(output)
            second(output)
        })
    }
}
