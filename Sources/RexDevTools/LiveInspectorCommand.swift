import Foundation

/// A command of the live inspector's page to a running app: travel to a step, return to live,
/// or dispatch an action (see `Docs/LiveInspectorProtocol.md`).
public struct LiveInspectorCommand: Codable, Sendable, Equatable {
    /// What the page asks for.
    public enum Kind: Sendable, Equatable {
        /// Travel to the state after the step of this `index`.
        case jump(step: Int)
        /// Return to live.
        case returnToLive
        /// Dispatch the action this JSON text encodes, as the app's `Codable` action encodes it.
        case dispatch(actionJSON: String)
        /// A kind this version of Rex does not know: rejected, never carried out.
        case unknown(String)
    }

    /// The command's number in its session: 1 for the first, then one more for each.
    public let sequence: Int
    /// What it asks for.
    public let kind: Kind

    /// A command.
    public init(sequence: Int, kind: Kind) {
        self.sequence = sequence
        self.kind = kind
    }

    private enum CodingKeys: String, CodingKey {
        case sequence, kind, step, action
    }

    /// Decodes a command: `{"sequence": 1, "kind": "jump", "step": 3}`, `{"kind":
    /// "returnToLive", …}` or `{"kind": "dispatch", "action": "<JSON text>", …}`; another kind
    /// decodes as ``Kind/unknown(_:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try container.decode(Int.self, forKey: .sequence)
        let name = try container.decode(String.self, forKey: .kind)
        switch name {
        case "jump": kind = .jump(step: try container.decode(Int.self, forKey: .step))
        case "returnToLive": kind = .returnToLive
        case "dispatch": kind = .dispatch(actionJSON: try container.decode(String.self, forKey: .action))
        default: kind = .unknown(name)
        }
    }

    /// Encodes the command as ``init(from:)`` reads it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
        switch kind {
        case .jump(let step):
            try container.encode("jump", forKey: .kind)
            try container.encode(step, forKey: .step)
        case .returnToLive:
            try container.encode("returnToLive", forKey: .kind)
        case .dispatch(let actionJSON):
            try container.encode("dispatch", forKey: .kind)
            try container.encode(actionJSON, forKey: .action)
        case .unknown(let name):
            try container.encode(name, forKey: .kind)
        }
    }
}
