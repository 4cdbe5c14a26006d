/// The identity of a cancellable effect: any `Hashable & Sendable` value.
///
/// Tokens are compared by equality (of the same type), never by hash value alone: two tokens
/// whose hashes collide stay distinct.
public struct EffectToken: Hashable, Sendable, CustomStringConvertible {
    /// The value the token was made from.
    public let value: any Hashable & Sendable

    /// Makes a token from a value; an `EffectToken` given here is used as it is.
    public init(_ value: some Hashable & Sendable) {
        if let token = value as? EffectToken {
            self = token
        } else {
            self.value = value
        }
    }

    /// Whether both tokens wrap equal values of the same type.
    public static func == (lhs: EffectToken, rhs: EffectToken) -> Bool {
        AnyHashable(lhs.value) == AnyHashable(rhs.value)
    }

    /// Hashes the wrapped value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(value))
    }

    /// The wrapped value, described.
    public var description: String {
        String(describing: value)
    }
}
