extension StateProvider {
    /// The states as an `AsyncSequence`: the current state first, then every notified state.
    ///
    /// ```swift
    /// for await state in store.states {
    ///     render(state)
    /// }
    /// ```
    ///
    /// Every notified state is buffered for a slow consumer; use
    /// ``states(bufferingPolicy:)`` to keep only the newest. The subscription ends when the
    /// iteration ends or its task is cancelled. The sequence ends, and the loop with it, when
    /// the last reference to the store is dropped (once the states buffered before are read),
    /// even while an effect still holds a state getter; a projection's sequence ends when the
    /// projection and its store are both gone. The sequence does not keep the store alive.
    public var states: AsyncStream<StateType> {
        states(bufferingPolicy: .unbounded)
    }

    /// The states as an `AsyncSequence`, buffered as `bufferingPolicy` says; it ends as
    /// ``states`` does, when the store goes.
    public func states(
        bufferingPolicy: AsyncStream<StateType>.Continuation.BufferingPolicy
    ) -> AsyncStream<StateType> {
        AsyncStream(bufferingPolicy: bufferingPolicy) { continuation in
            // The store keeps the callback, and the callback keeps the finisher: when the store
            // goes, the finisher goes with it and ends the sequence.
            let finisher = StreamFinisher(continuation)
            let token = subscribe { state in
                finisher.continuation.yield(consume state)
            }
            continuation.onTermination = { _ in
                token.cancel()
            }
        }
    }
}
