import RexCore

/// Groups an undo history's joined steps by time: a middleware that sends the app's
/// ``UndoAction/closeStep`` once a quiet moment follows the last action that joined a step.
///
/// Typing a title, one action per key, joins one step while the typing goes on
/// (``UndoRecording/joinStep(named:key:)``); a pause of `window` closes it, so the next typing
/// makes a new step. The close is an action like any other: the reducer stays a pure function of
/// the actions, and a recorded session replays the same steps.
///
/// ```swift
/// let grouping = UndoGrouping.middleware(
///     closingAfter: .seconds(1),
///     recording: recording,
///     closeStep: AppAction.history(.closeStep)
/// )
/// ```
///
/// Tests give a clock they advance by hand (`TestClock`, in RexTesting).
public enum UndoGrouping {
    /// The middleware that sends `closeStep` after `window` of quiet on `clock`, following each
    /// action `recording` records as ``UndoRecording/joinStep(named:key:)``.
    ///
    /// - Parameters:
    ///   - window: How long after the last joining action the step closes.
    ///   - recording: The same function the history's reducer is given.
    ///   - closeStep: The app's action that carries ``UndoAction/closeStep``.
    ///   - clock: The clock to wait on.
    public static func middleware<Action: Sendable, State>(
        closingAfter window: Duration,
        recording: @escaping @Sendable (Action) -> UndoRecording,
        closeStep: Action,
        clock: any Clock<Duration> = ContinuousClock()
    ) -> EffectMiddleware<Action, Action, State, Void> {
        .onAction { action, _, _ in
            guard case .joinStep = recording(action) else { return .doNothing }
            return Effect.just(closeStep).debounce(QuietWindow(), for: window, clock: { _ in clock })
        }
    }

    /// The token of the wait for quiet: a newer joining action restarts it.
    private struct QuietWindow: Hashable, Sendable {}
}
