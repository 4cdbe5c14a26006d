/// A control action for a ``GatedMiddleware`` switched by actions.
///
/// Give your action tree a case that carries it, and tell the gate how to find it:
///
/// ```swift
/// enum AppAction { case analytics(AnalyticsAction), analyticsGate(GateAction) }
/// let gated = analytics.gated(by: { (action: AppAction) in
///     if case .analyticsGate(let control) = action { return control } else { return nil }
/// }, initially: .on)
/// ```
public enum GateAction: Codable, Hashable, Sendable {
    /// Switches the gate on: the middleware sees actions and may dispatch again.
    case turnOn
    /// Switches the gate off: the middleware sees no action and nothing it dispatches arrives.
    case turnOff
    /// Switches the gate to the other position.
    case toggle
}

/// Whether a gate lets actions through.
public enum GateState: Hashable, Sendable {
    /// The middleware sees actions and its dispatches arrive.
    case on
    /// The middleware sees no action and its dispatches are dropped.
    case off
}
