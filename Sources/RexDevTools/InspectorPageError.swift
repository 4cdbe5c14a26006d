import Foundation

/// Why ``InspectorPage/html(sessionJSON:)`` made no page.
public enum InspectorPageError: Error, Equatable, LocalizedError, CustomStringConvertible {
    /// The JSON is not a session: `reason` says what is missing.
    case notASession(reason: String)
    /// The session is of a newer format than this version of Rex reads, as
    /// ``RecordedSession/init(jsonData:)`` refuses it too.
    case newerFormat(found: Int, supported: Int)

    /// What went wrong, for a person: "session format 2; this version of Rex reads up to format 1".
    public var description: String {
        switch self {
        case .notASession(let reason):
            "not a session: \(reason)"
        case .newerFormat(let found, let supported):
            "session format \(found); this version of Rex reads up to format \(supported)"
        }
    }

    /// The same as ``description``, so that `localizedDescription` says it.
    public var errorDescription: String? { description }
}
