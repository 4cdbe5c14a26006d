import Foundation

/// A command of the live inspector's page that the app did not carry out, and why: sent back
/// with the app's next batch of steps.
public struct LiveInspectorRejectedCommand: Codable, Sendable, Equatable {
    /// The command's ``LiveInspectorCommand/sequence``.
    public let sequence: Int
    /// Why it was not carried out, in words for the page.
    public let reason: String

    /// A rejection.
    public init(sequence: Int, reason: String) {
        self.sequence = sequence
        self.reason = reason
    }
}
