extension IO {
    /// Returns an IO that runs `lhs`'s work, then `rhs`'s, with the same output.
    ///
    /// A pure side is dropped, so composing pure IOs stays pure and allocates nothing.
    @inlinable
    public static func <> (lhs: IO, rhs: IO) -> IO {
        guard let first = lhs.body else { return rhs }
        guard let second = rhs.body else { return lhs }
        return IO(body: { output in
            first(output)
            second(output)
        })
    }
}
