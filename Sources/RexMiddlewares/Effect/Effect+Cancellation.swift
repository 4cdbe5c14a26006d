extension Effect {
    /// Returns this effect with a cancellation token.
    ///
    /// - Parameters:
    ///   - token: Any `Hashable & Sendable` value; ``toCancel(_:file:function:line:)`` with an
    ///     equal token cancels the effect.
    ///   - cancelInFlight: When `true` (the default), starting this effect cancels the effects of
    ///     the same token still running; when `false`, it runs beside them.
    @inlinable
    public func cancellable(_ token: some Hashable & Sendable, cancelInFlight: Bool = true) -> Effect {
        with(token: EffectToken(token), cancelsInFlight: cancelInFlight)
    }
}
