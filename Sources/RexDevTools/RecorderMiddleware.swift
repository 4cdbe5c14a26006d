import Foundation
import RexCore

/// The middleware of a ``Recorder``: it notes each action and the turn's start before the
/// reducer, and the turn's end (and the state, when the recorder keeps this turn's) after it. It
/// dispatches nothing.
public struct RecorderMiddleware<Action: Sendable, State: Sendable>: MiddlewareProtocol {
    /// Where the steps go.
    public let recorder: Recorder<Action, State>
    /// What each turn runs after it: made once, so that returning it allocates nothing.
    @usableFromInline
    let afterTurn: @Sendable (AnyActionHandler<Action>) -> Void

    /// A middleware that records into `recorder`.
    @inlinable
    public init(recorder: Recorder<Action, State>) {
        self.recorder = recorder
        afterTurn = { [recorder] _ in recorder.end(at: TickClock.now()) }
    }

    /// A middleware that records into `recorder` and, once each turn's end is noted, notifies
    /// `signal`: the live inspector's middleware.
    @inlinable
    init(recorder: Recorder<Action, State>, notifying signal: LiveInspectorSignal) {
        self.recorder = recorder
        afterTurn = { [recorder] _ in
            recorder.end(at: TickClock.now())
            signal.notify()
        }
    }

    /// Notes the action, its source and the time; the step is recorded once the turn has run.
    @inlinable
    public func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Action> {
        recorder.begin(action, from: dispatcher, at: TickClock.now(), state: state)
        return IO(afterTurn)
    }
}
