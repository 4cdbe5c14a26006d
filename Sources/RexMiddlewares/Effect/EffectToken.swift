/// The identity of a cancellable effect: any `Hashable & Sendable` value.
///
/// Tokens are compared by equality (of the same type), never by hash value alone: two tokens
/// whose hashes collide stay distinct.
public struct EffectToken: Hashable, Sendable, CustomStringConvertible {
    /// The value the token was made from.
    public let value: any Hashable & Sendable
    /// The hash of the value as `AnyHashable`, made once: the registry hashes a token several
    /// times per effect, and making an `AnyHashable` from an existential each time (a dynamic
    /// cast and a conformance lookup) cost more than the rest of its work.
    @usableFromInline let hash: Int

    /// Makes a token from a value; an `EffectToken` given here is used as it is.
    @inlinable
    public init(_ value: some Hashable & Sendable) {
        if let token = value as? EffectToken {
            self = token
        } else {
            self.value = value
            hash = AnyHashable(value).hashValue
        }
    }

    /// Whether both tokens wrap equal values of the same type.
    public static func == (lhs: EffectToken, rhs: EffectToken) -> Bool {
        lhs.hash == rhs.hash && isEqual(lhs.value, rhs.value)
    }

    /// Compares values of the same type directly, and otherwise as `AnyHashable` does (which
    /// equates, for example, equal integers of different types), so that equality agrees with
    /// the hash.
    private static func isEqual<Value: Hashable>(_ lhs: Value, _ rhs: any Hashable & Sendable) -> Bool {
        if let rhs = rhs as? Value {
            return lhs == rhs
        }
        return AnyHashable(lhs) == AnyHashable(rhs)
    }

    /// Hashes the wrapped value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// The wrapped value, described.
    public var description: String {
        String(describing: value)
    }
}
