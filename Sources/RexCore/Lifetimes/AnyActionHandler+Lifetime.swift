extension AnyActionHandler {
    /// This output, for a middleware whose part of the state lives for `lifetime`: it dispatches
    /// as this one does, and carries the lifetime to what the middleware starts.
    @inlinable
    func with(lifetime: StateLifetime) -> AnyActionHandler {
        AnyActionHandler(lifetime: lifetime, handle)
    }
}
