extension AnyActionHandler {
    /// This output as given to a middleware whose part of the state lives for `lifetime`: what is
    /// dispatched reaches this output only while the lifetime lasts and `isPresent` says the part
    /// is in the store's live state.
    ///
    /// `isPresent` reads the live state, so that an action sent after the reducer removed the part
    /// but before the lifted middleware ended its lifetime (in that turn's IO) is dropped too.
    @inlinable
    func living(in lifetime: StateLifetime, while isPresent: @escaping @Sendable () -> Bool) -> AnyActionHandler {
        let handle = self.handle
        return AnyActionHandler(lifetime: lifetime) { dispatchedAction in
            guard !lifetime.hasEnded, isPresent() else { return }
            handle(dispatchedAction)
        }
    }
}
