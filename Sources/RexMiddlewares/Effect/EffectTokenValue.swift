/// A token's value: an `Int` or a `String` as it is (the common tokens, kept without an
/// allocation), any other in a box that knows its type.
@usableFromInline
enum EffectTokenValue: Sendable {
    case int(Int)
    case string(String)
    case boxed(EffectTokenStorage)
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
