/// Keeps a subscription alive: cancelling or releasing the token ends it.
///
/// ```swift
/// let token = store.subscribe { state in render(state) }
/// // …
/// token.cancel()   // or let the token go
/// ```
public final class SubscriptionToken: Sendable {
    private let onCancel: @Sendable () -> Void

    /// Creates a token that runs `onCancel` when cancelled or released; `onCancel` must be safe
    /// to run more than once.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    /// Ends the subscription. Once this returns, its callback is not called again. Calling it
    /// more than once does nothing more.
    public func cancel() {
        onCancel()
    }

    deinit {
        onCancel()
    }
}
