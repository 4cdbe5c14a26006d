import Foundation
import RexCore

/// One turn of a store, as a ``RecorderMiddleware`` kept it: the action, where it was
/// dispatched, when, how long its turn took, and the state after it.
public struct RecordedStep<Action: Sendable, State: Sendable>: Sendable {
    /// The step's number in the session: 0 for the first action the recorder saw.
    public let index: Int
    /// The action.
    public let action: Action
    /// Where the action was dispatched.
    public let source: ActionSource
    /// When its turn started (wall time).
    public let time: Date
    /// How long its turn took, from the middleware's `handle` to its `IO`: the reducer, the
    /// notification of subscribers, and the middlewares' `handle` after this one.
    public let duration: Duration
    /// The state after the turn: the store's, or, between the states a recorder given the
    /// reducer keeps, the reducer's (see ``Recorder``).
    public let state: State

    /// A step.
    public init(index: Int, action: Action, source: ActionSource, time: Date, duration: Duration, state: State) {
        self.index = index
        self.action = action
        self.source = source
        self.time = time
        self.duration = duration
        self.state = state
    }
}

extension RecordedStep: Equatable where Action: Equatable, State: Equatable {}

extension RecordedStep: Codable where Action: Codable, State: Codable {
    private enum CodingKeys: String, CodingKey {
        case index, action, source, time, durationSeconds, state
    }

    /// Decodes a step of a session file.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        index = try container.decode(Int.self, forKey: .index)
        action = try container.decode(Action.self, forKey: .action)
        source = try container.decode(ActionSource.self, forKey: .source)
        time = try container.decode(Date.self, forKey: .time)
        duration = .nanoseconds(Int64((try container.decode(Double.self, forKey: .durationSeconds) * 1e9).rounded()))
        state = try container.decode(State.self, forKey: .state)
    }

    /// Encodes a step as the session file holds it (see <doc:RecordingAndReplay>).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(action, forKey: .action)
        try container.encode(source, forKey: .source)
        try container.encode(time, forKey: .time)
        try container.encode(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18, forKey: .durationSeconds)
        try container.encode(state, forKey: .state)
    }
}
