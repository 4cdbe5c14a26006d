import RexCore

/// Where a replay first differed from the recording: the step, its action and source, the state
/// recorded after it and the state the reducer made, and their differences field by field.
public struct ReplayDivergence<Action: Sendable, State: Sendable>: Sendable, CustomStringConvertible {
    /// The step's number in the session.
    public let stepIndex: Int
    /// The step's action.
    public let action: Action
    /// Where the action was dispatched.
    public let source: ActionSource
    /// The state the recording holds after the step.
    public let recorded: State
    /// The state the reducer made.
    public let replayed: State
    /// One line per field that differs: `.path.to.field: recorded → replayed`.
    public let differences: [String]

    /// The divergence, told as a test failure tells it.
    public var description: String {
        """
        The replay differs from the recording at step \(stepIndex), \(action) (dispatched at \(source)):
        \(differences.map { "  \($0)" }.joined(separator: "\n"))
        """
    }
}

extension RecordedSession where State: Equatable {
    /// Runs the session's actions through `reducer`, from its initial state, and compares the
    /// state after each step with the recorded one; returns where they first differ, or `nil`
    /// when every step gives the recorded state.
    ///
    /// Only the reducer runs: no middleware, so no effect, exactly as the state was made.
    ///
    /// - Complexity: O(*n*) steps, each a reducer call and a comparison of states (and, at a
    ///   divergence, a walk of both states).
    public func replay(through reducer: Reducer<Action, State>) -> ReplayDivergence<Action, State>? {
        var state = initialState
        for step in steps {
            reducer.reduce(step.action, &state)
            if state != step.state {
                return ReplayDivergence(
                    stepIndex: step.index,
                    action: step.action,
                    source: step.source,
                    recorded: step.state,
                    replayed: state,
                    differences: diffFields(step.state, state, hiding: [])
                )
            }
        }
        return nil
    }
}
