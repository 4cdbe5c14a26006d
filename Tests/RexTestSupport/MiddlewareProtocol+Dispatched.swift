import RexCore

extension MiddlewareProtocol where StateType: Sendable, OutputActionType: Sendable {
    /// Runs one action through this middleware, with `state` as its state before and after, and
    /// returns what its IO dispatched at once.
    public func dispatched(for action: InputActionType, state: StateType) -> [OutputActionType] {
        let output = Recorder<OutputActionType>()
        handle(action: action, from: .here(), state: { state }).run(output.output)
        return output.values
    }
}
