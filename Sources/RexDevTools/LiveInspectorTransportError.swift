import Foundation

/// Why ``URLSessionLiveInspectorTransport`` did not deliver a request.
public enum LiveInspectorTransportError: Error, Equatable, Sendable {
    /// The server answered with this HTTP status instead of success (401: the token was refused).
    case status(Int)
    /// The answer was not HTTP.
    case notHTTP
}
