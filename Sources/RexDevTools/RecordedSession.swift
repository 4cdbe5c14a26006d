import Foundation
import RexCore

/// What a ``Recorder`` kept, ready to be written to a file and read back: the app, when the
/// session started, the state before its first step, and the steps.
///
/// The file is JSON (see <doc:RecordingAndReplay> for its format), written by
/// ``jsonData()`` and read by ``init(jsonData:)``; its `formatVersion` says which format it is.
public struct RecordedSession<Action: Sendable, State: Sendable>: Sendable {
    /// The format this library writes and reads.
    public static var currentFormatVersion: Int { 1 }

    /// The format of the session: ``currentFormatVersion`` when it was recorded here.
    public var formatVersion: Int
    /// The app that recorded it.
    public var appName: String
    /// The app's version.
    public var appVersion: String
    /// When the first step started.
    public var startedAt: Date
    /// The state before the first step.
    public var initialState: State
    /// The steps, in order.
    public var steps: [RecordedStep<Action, State>]

    /// A session of the current format.
    public init(appName: String, appVersion: String, startedAt: Date, initialState: State, steps: [RecordedStep<Action, State>]) {
        formatVersion = Self.currentFormatVersion
        self.appName = appName
        self.appVersion = appVersion
        self.startedAt = startedAt
        self.initialState = initialState
        self.steps = steps
    }
}

extension RecordedSession: Equatable where Action: Equatable, State: Equatable {}

extension RecordedSession: Codable where Action: Codable, State: Codable {
    private enum CodingKeys: String, CodingKey {
        case formatVersion, appName, appVersion, startedAt, initialState, steps
    }

    /// Decodes a session; a newer format than this library reads is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        guard formatVersion <= Self.currentFormatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .formatVersion,
                in: container,
                debugDescription: "session format \(formatVersion); this version of Rex reads up to \(Self.currentFormatVersion)"
            )
        }
        appName = try container.decode(String.self, forKey: .appName)
        appVersion = try container.decode(String.self, forKey: .appVersion)
        startedAt = try container.decode(Date.self, forKey: .startedAt)
        initialState = try container.decode(State.self, forKey: .initialState)
        steps = try container.decode([RecordedStep<Action, State>].self, forKey: .steps)
    }

    /// Encodes the session.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formatVersion, forKey: .formatVersion)
        try container.encode(appName, forKey: .appName)
        try container.encode(appVersion, forKey: .appVersion)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(initialState, forKey: .initialState)
        try container.encode(steps, forKey: .steps)
    }

    /// The session as a JSON file: dates in ISO 8601, keys sorted.
    ///
    /// - Complexity: O(*n*) in the size of the states and actions.
    public func jsonData() throws -> Data {
        try Self.encoder(formatting: [.sortedKeys, .prettyPrinted]).encode(self)
    }

    /// Reads a session from the JSON of ``jsonData()``.
    public init(jsonData: Data) throws {
        self = try Self.decoder().decode(Self.self, from: jsonData)
    }

    /// The encoder of session files and of a live inspector's batches: dates in ISO 8601, to
    /// the millisecond (`SessionDateFormat`).
    static func encoder(formatting: JSONEncoder.OutputFormatting) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(SessionDateFormat.string(from: date))
        }
        return encoder
    }

    /// The decoder of what ``encoder(formatting:)`` writes.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = SessionDateFormat.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date: \(text)")
            }
            return date
        }
        return decoder
    }
}
