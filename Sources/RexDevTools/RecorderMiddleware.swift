import Foundation
import RexCore

/// The middleware of a ``Recorder``: it notes each action before the reducer, and the state
/// after the turn, in the recorder. It dispatches nothing.
public struct RecorderMiddleware<Action: Sendable, State: Sendable>: MiddlewareProtocol {
    /// Where the steps go.
    public let recorder: Recorder<Action, State>

    /// A middleware that records into `recorder`.
    public init(recorder: Recorder<Action, State>) {
        self.recorder = recorder
    }

    /// Notes the action, its source and the time; the step is recorded once the turn has run.
    public func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Action> {
        let start = ContinuousClock.now
        let time = Date()
        let before = recorder.needsInitialState ? state() : nil
        return IO { [recorder] _ in
            recorder.record(
                action: action,
                source: dispatcher,
                time: time,
                duration: ContinuousClock.now - start,
                before: before,
                after: state()
            )
        }
    }
}
