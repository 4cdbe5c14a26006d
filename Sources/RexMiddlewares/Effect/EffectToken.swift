/// The identity of a cancellable effect: any `Hashable & Sendable` value.
///
/// Two tokens are equal when they wrap equal values of the same type: `1` and `Int8(1)` are
/// different tokens. They are compared by equality, never by hash value alone: two tokens whose
/// hashes collide stay distinct.
public struct EffectToken: Hashable, Sendable, CustomStringConvertible {
    /// The wrapped value: an `Int` or a `String` as it is, any other in a box. A token is copied
    /// several times on an effect's way; kept as an existential, it was copied through its type's
    /// value witnesses, and made every struct holding a token copy that way too. The common token
    /// types skip the box's allocation.
    @usableFromInline let stored: EffectTokenValue
    /// The hash of the value, made once, where its type is known: the registry hashes a token
    /// several times per effect. (Going through `AnyHashable`, which equates equal numbers of
    /// different types, took a dynamic cast and a conformance lookup per hash and per
    /// comparison: W6 spent about 0.5 µs per effect on them.)
    @usableFromInline let hash: Int
    /// The wrapped value, described: what actions the effect sends carry in their source's `info`.
    public let description: String

    /// The value the token was made from.
    public var value: any Hashable & Sendable {
        switch stored {
        case .int(let number): number
        case .string(let text): text
        case .boxed(let box): box.anyValue
        }
    }

    /// Makes a token from a value; an `EffectToken` given here is used as it is.
    @inlinable
    public init<Value: Hashable & Sendable>(_ value: Value) {
        // The type checks are resolved when the app's code is compiled, where the type is known.
        // They compare types, rather than cast, so that an optional or a bridged value is kept as
        // the type it was given as.
        if Value.self == EffectToken.self, let token = value as? EffectToken {
            self = token
        } else {
            if Value.self == Int.self, let number = value as? Int {
                stored = .int(number)
                description = String(number)  // half the instructions of `number.description`
            } else if Value.self == String.self, let text = value as? String {
                stored = .string(text)
                description = text
            } else {
                stored = .boxed(TypedEffectTokenStorage(value))
                description = Self.describe(value)
            }
            hash = value.hashValue
        }
    }

    /// Describes a value, as `String(describing:)` does. Made here, where the value's type is
    /// known, so that a value that describes itself is asked directly: `String(describing:)` on a
    /// stored existential took three dynamic casts, about 2,000 instructions, for every action an
    /// effect sent.
    @inlinable
    static func describe<Value: Hashable>(_ value: Value) -> String {
        // The type is checked, not the value cast: a cast would unwrap an optional.
        if Value.self is any CustomStringConvertible.Type, let value = value as? any CustomStringConvertible {
            return value.description
        }
        return String(describing: value)
    }

    /// Whether both tokens wrap equal values of the same type.
    public static func == (lhs: EffectToken, rhs: EffectToken) -> Bool {
        guard lhs.hash == rhs.hash else { return false }
        switch (lhs.stored, rhs.stored) {
        case (.int(let left), .int(let right)): return left == right
        case (.string(let left), .string(let right)): return left == right
        // Copies of one token share their box: the registry finds a token it stored that way.
        case (.boxed(let left), .boxed(let right)): return left === right || left.isEqual(to: right)
        default: return false
        }
    }

    /// Hashes the wrapped value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
