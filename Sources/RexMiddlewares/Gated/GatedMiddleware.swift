import RexCore

/// A middleware that can be switched on and off, by control actions or by the store's state.
///
/// While the gate is off, the wrapped middleware sees no action and nothing it dispatches
/// arrives, including what it started dispatching before the gate closed (a response to a
/// request made while it was on, say). Build one with
/// `gated(by:initially:)` or
/// `gated(whenOn:)`.
///
/// - By action: a ``GateAction`` found in the action stream switches the gate. Control actions
///   are always forwarded to the wrapped middleware, whatever the gate's position.
/// - By state: a `Bool` read from the store's state decides, before the reducer, whether the
///   middleware sees an action; and at dispatch time whether what it dispatches arrives.
public struct GatedMiddleware<Inner: MiddlewareProtocol>: MiddlewareProtocol {
    /// The actions the wrapped middleware sees.
    public typealias InputActionType = Inner.InputActionType
    /// The actions the wrapped middleware dispatches.
    public typealias OutputActionType = Inner.OutputActionType
    /// The state the wrapped middleware reads.
    public typealias StateType = Inner.StateType

    /// How the gate is switched.
    enum Control: Sendable {
        case byAction(@Sendable (InputActionType) -> GateAction?, Gate)
        case byState(@Sendable (StateType) -> Bool)
    }

    let inner: Inner
    let control: Control

    init(inner: Inner, control: Control) {
        self.inner = inner
        self.control = control
    }

    /// The gate's current position: for a gate switched by actions, its own; for one read from
    /// the state, `nil` (read the state instead).
    public var gateState: GateState? {
        guard case .byAction(_, let gate) = control else { return nil }
        return gate.isOn ? .on : .off
    }

    /// Forwards the action to the wrapped middleware when the gate is on (and always a control
    /// action), and returns its IO with an output that drops what arrives while the gate is off.
    public func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        switch control {
        case .byAction(let controlAction, let gate):
            let epoch: UInt64
            if let command = controlAction(action) {
                gate.apply(command)
                epoch = gate.currentEpoch
            } else {
                guard let openEpoch = gate.openEpoch else { return .pure() }
                epoch = openEpoch
            }
            let io = inner.handle(action: action, from: dispatcher, state: state)
            return io.filteringOutput { gate.isOpen(since: epoch) }
        case .byState(let isOn):
            guard isOn(state()) else { return .pure() }
            let io = inner.handle(action: action, from: dispatcher, state: state)
            return io.filteringOutput { isOn(state()) }
        }
    }
}
