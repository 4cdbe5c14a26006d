import RexCore

/// A recorder's middleware that also hands each turn to a ``LiveInspector``: compose it where the
/// recorder's middleware would go (``LiveInspector/middleware``).
///
/// The turn does what the recorder's middleware does, then, after the reducer, appends its step
/// to the inspector's bounded buffer (O(1) under the inspector's lock). It never waits on the
/// network, and dispatches nothing.
public struct LiveInspectorMiddleware<Action: Codable & Sendable, State: Codable & Sendable>: MiddlewareProtocol {
    /// The recorder's middleware, run as it would run alone.
    public let recording: RecorderMiddleware<Action, State>
    /// Where the steps go.
    public let inspector: LiveInspector<Action, State>

    /// The recorder's middleware `recording`, whose turns also go to `inspector`.
    public init(recording: RecorderMiddleware<Action, State>, inspector: LiveInspector<Action, State>) {
        self.recording = recording
        self.inspector = inspector
    }

    /// Notes the turn in the recorder; once the turn has run, hands its step to the inspector.
    public func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Action> {
        let recorded = recording.handle(action: action, from: dispatcher, state: state)
        let start = TickClock.now()
        return IO { [inspector] output in
            recorded.run(output)
            inspector.noteTurn(action, from: dispatcher, start: start, end: TickClock.now(), state: state())
        }
    }
}
