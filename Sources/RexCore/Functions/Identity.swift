/// Returns its argument unchanged: the lift to use when a local type is already the global one.
@inlinable
public func identity<T>(_ value: T) -> T {
    value
}

/// Discards its argument: the state lift to use for a middleware whose state is `Void`.
///
/// ```swift
/// analytics.lift(state: ignore)   // a middleware of `Void` state, in an app of `AppState`
/// ```
@inlinable
public func ignore<T>(_ value: T) {}

/// Turns an impossible value into any type: the output lift to use for a middleware whose output
/// action is `Never`, since such a middleware can never dispatch.
@inlinable
public func absurd<T>(_ never: Never) -> T {}
