/// The identity of a cancellable effect: any `Hashable & Sendable` value.
///
/// Two tokens are equal when they wrap equal values of the same type: `1` and `Int8(1)` are
/// different tokens. They are compared by equality, never by hash value alone: two tokens whose
/// hashes collide stay distinct.
public struct EffectToken: Hashable, Sendable, CustomStringConvertible {
    /// The value the token was made from.
    public let value: any Hashable & Sendable
    /// The hash of the value, made once, where its type is known: the registry hashes a token
    /// several times per effect. (Going through `AnyHashable`, which equates equal numbers of
    /// different types, took a dynamic cast and a conformance lookup per hash and per
    /// comparison: W6 spent about 0.5 µs per effect on them.)
    @usableFromInline let hash: Int

    /// Makes a token from a value; an `EffectToken` given here is used as it is.
    @inlinable
    public init(_ value: some Hashable & Sendable) {
        if let token = value as? EffectToken {
            self = token
        } else {
            self.value = value
            hash = value.hashValue
        }
    }

    /// Whether both tokens wrap equal values of the same type.
    public static func == (lhs: EffectToken, rhs: EffectToken) -> Bool {
        lhs.hash == rhs.hash && isEqual(lhs.value, rhs.value)
    }

    /// Compares two values if they have the same type. The values are opened from their
    /// existentials, so that the type check is a comparison of metadata, not a dynamic cast.
    private static func isEqual<Left: Hashable, Right: Hashable>(_ lhs: Left, _ rhs: Right) -> Bool {
        guard Left.self == Right.self else { return false }
        return withUnsafePointer(to: rhs) { rhs in
            rhs.withMemoryRebound(to: Left.self, capacity: 1) { lhs == $0.pointee }
        }
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
