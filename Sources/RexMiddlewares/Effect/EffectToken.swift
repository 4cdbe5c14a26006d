/// The identity of a cancellable effect: any `Hashable & Sendable` value.
///
/// Two tokens are equal when they wrap equal values of the same type: `1` and `Int8(1)` are
/// different tokens. They are compared by equality, never by hash value alone: two tokens whose
/// hashes collide stay distinct.
public struct EffectToken: Hashable, Sendable, CustomStringConvertible {
    /// The wrapped value, in a box: a token is copied several times on an effect's way, and a
    /// copy of a reference is a retain, where a copy of an existential went through its type's
    /// value witnesses (and made every struct holding a token copy that way too).
    @usableFromInline let storage: EffectTokenStorage
    /// The hash of the value, made once, where its type is known: the registry hashes a token
    /// several times per effect. (Going through `AnyHashable`, which equates equal numbers of
    /// different types, took a dynamic cast and a conformance lookup per hash and per
    /// comparison: W6 spent about 0.5 µs per effect on them.)
    @usableFromInline let hash: Int
    /// The wrapped value, described: what actions the effect sends carry in their source's `info`.
    public let description: String

    /// The value the token was made from.
    public var value: any Hashable & Sendable {
        storage.anyValue
    }

    /// Makes a token from a value; an `EffectToken` given here is used as it is.
    @inlinable
    public init(_ value: some Hashable & Sendable) {
        if let token = value as? EffectToken {
            self = token
        } else {
            storage = TypedEffectTokenStorage(value)
            hash = value.hashValue
            description = Self.describe(value)
        }
    }

    /// Describes a value, as `String(describing:)` does. Made here, where the value's type is
    /// known, so that a value that describes itself (an `Int`, a `String`) is asked directly:
    /// `String(describing:)` on a stored existential took three dynamic casts, about 2,000
    /// instructions, for every action an effect sent.
    @inlinable
    static func describe(_ value: some Hashable) -> String {
        if let value = value as? any CustomStringConvertible {
            return value.description
        }
        return String(describing: value)
    }

    /// Whether both tokens wrap equal values of the same type.
    public static func == (lhs: EffectToken, rhs: EffectToken) -> Bool {
        // Copies of one token share their box: the registry finds a token it stored that way.
        lhs.hash == rhs.hash && (lhs.storage === rhs.storage || lhs.storage.isEqual(to: rhs.storage))
    }

    /// Hashes the wrapped value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}

/// The box of a token's value, whatever its type.
@usableFromInline
class EffectTokenStorage: @unchecked Sendable {  // no state here; the subclass holds one immutable Sendable value
    @usableFromInline
    init() {}

    /// The value, as an existential.
    var anyValue: any Hashable & Sendable {
        preconditionFailure("EffectTokenStorage is abstract")
    }

    /// Whether the other box holds an equal value of the same type.
    func isEqual(to other: EffectTokenStorage) -> Bool {
        preconditionFailure("EffectTokenStorage is abstract")
    }
}

/// The box of a token's value of a known type.
@usableFromInline
final class TypedEffectTokenStorage<Value: Hashable & Sendable>: EffectTokenStorage, @unchecked Sendable {  // `value` is an immutable Sendable value
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }

    override var anyValue: any Hashable & Sendable {
        value
    }

    override func isEqual(to other: EffectTokenStorage) -> Bool {
        guard let other = other as? TypedEffectTokenStorage<Value> else { return false }
        return value == other.value
    }
}
