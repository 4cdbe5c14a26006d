extension Effect {
    /// Returns this effect started after `duration` on the clock the dependencies give.
    ///
    /// - Parameters:
    ///   - duration: How long to wait before starting.
    ///   - clock: The clock to wait on, from the dependencies; a `ContinuousClock` by default.
    ///     Tests give a clock they advance by hand.
    public func delay(
        for duration: Duration,
        clock: @escaping @Sendable (Dependencies) -> any Clock<Duration> = { _ in ContinuousClock() }
    ) -> Effect {
        guard let work = self.work.asRun else { return self }
        return with(work: .run { context in
            do {
                try await clock(context.dependencies).sleep(for: duration)
            } catch {
                return  // cancelled while waiting
            }
            await work(context)
        })
    }

    /// Returns this effect debounced by token: it starts after `duration` of quiet, and a newer
    /// effect of the same token cancels it while it waits.
    ///
    /// ```swift
    /// return .promise { deps in .results(await deps.search(query)) }
    ///     .debounce("search", for: .milliseconds(300), clock: { $0.clock })
    /// ```
    public func debounce(
        _ token: some Hashable & Sendable,
        for duration: Duration,
        clock: @escaping @Sendable (Dependencies) -> any Clock<Duration> = { _ in ContinuousClock() }
    ) -> Effect {
        delay(for: duration, clock: clock).cancellable(token, cancelInFlight: true)
    }

    /// Returns this effect throttled by token: it runs only if no effect of the same token
    /// started within the last `duration` on the clock; otherwise it is dropped.
    public func throttle(
        _ token: some Hashable & Sendable,
        for duration: Duration,
        clock: @escaping @Sendable (Dependencies) -> any Clock<Duration> = { _ in ContinuousClock() }
    ) -> Effect {
        with(token: EffectToken(token), cancelsInFlight: false, throttle: Throttle(interval: duration, clock: clock))
    }
}
