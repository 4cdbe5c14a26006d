extension IO {
    /// An IO that does nothing, as ``pure()``: the neutral element of `<>`.
    @inlinable
    public static var identity: IO {
        .pure()
    }
}
