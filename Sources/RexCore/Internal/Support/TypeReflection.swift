/// What reflection finds about a type, once per type: how a field diff looks into two of its
/// values, and how its description is made.
///
/// Kept per type for the life of the process, so that a diff or a description pays no cast to a
/// protocol and no reflection of a type it has seen, only a dictionary look-up under a lock:
/// `Mirror` and protocol casts cost thousands of instructions each, which a logger paid for
/// every value of every action. A class, so that a look-up hands out one reference.
final class TypeReflection {
    /// The type itself, when it knows which of its elements may differ between two values.
    let elements: (any FieldDiffElements.Type)?
    /// Where the fields of a struct lie, when that can be found (see `FieldLayout`).
    let layout: FieldLayout?
    /// The kind of value `Mirror` reflects it as.
    let displayStyle: Mirror.DisplayStyle?
    /// Whether `Mirror` reflects its values as values of this very type: not so for an
    /// existential, whose values are reflected as what they hold, nor for a custom mirror of
    /// another subject.
    let isItsOwnSubject: Bool
    /// Whether it is an `Optional`.
    let isOptional: Bool
    /// Whether its values are written whole, as text that says all of them, with nothing to
    /// walk: a type that `Mirror` gives no kind and that converts to text and back without loss,
    /// as the standard library's numbers, `Bool`, `String` and `Character` do.
    let isScalar: Bool
    /// The type, when it writes its own text.
    let streamable: (any TextOutputStreamable.Type)?
    /// The type, when it gives its own description.
    let describable: (any CustomStringConvertible.Type)?
    /// The type, when it gives its own debug description.
    let debugDescribable: (any CustomDebugStringConvertible.Type)?
    /// The type's name with its module and enclosing types, as `debugPrint` writes it.
    let qualifiedName: String
    /// The type's own name, as `print` writes it.
    let name: String
    /// For an enum, the names of its cases without payload met so far, by their values' bits.
    let caseNames = CaseNames()

    /// What reflection finds about `Value` (a value's own type, not `Any`), from `value` the first
    /// time.
    ///
    /// - Complexity: O(the type's fields) the first time; a dictionary look-up under a lock after.
    static func of<Value>(_: Value.Type, from value: Value) -> TypeReflection {
        foundReflections.value(for: Value.self) { TypeReflection(Value.self, from: value) }
    }

    private init<Value>(_: Value.Type, from value: Value) {
        let mirror = Mirror(reflecting: value)
        elements = Value.self as? any FieldDiffElements.Type
        layout = elements == nil ? FieldLayout(of: value) : nil
        displayStyle = mirror.displayStyle
        isItsOwnSubject = mirror.subjectType == Value.self
        isOptional = Value.self is any OptionalType.Type
        isScalar = mirror.displayStyle == nil && Value.self is any LosslessStringConvertible.Type
        streamable = Value.self as? any TextOutputStreamable.Type
        describable = Value.self as? any CustomStringConvertible.Type
        debugDescribable = Value.self as? any CustomDebugStringConvertible.Type
        qualifiedName = _typeName(Value.self, qualified: true)
        name = _typeName(Value.self, qualified: false)
    }
}

/// What reflection found so far.
private let foundReflections = TypeKeyedCache<TypeReflection>()

/// Marks `Optional`, for a check on a type that is not known to be one.
private protocol OptionalType {}

extension Optional: OptionalType {}
