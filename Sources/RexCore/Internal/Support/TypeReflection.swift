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
    let kind: Kind
    /// Whether `Mirror` reflects its values as they are stored, as values of this very type:
    /// not so for an existential, whose values are reflected as what they hold, nor for a type
    /// with a custom mirror, which may say anything.
    let isReflectedAsStored: Bool
    /// Whether it is an `Optional`.
    let isOptional: Bool
    /// Whether its values are written whole, as text that says all of them, with nothing to
    /// walk: the standard library's numbers, `Bool`, `String`, `Substring` and `Character`.
    let isScalar: Bool
    /// Whether its values are plain data (no references, so different bits are different
    /// values) of at most 64 bytes: cheap to write whole.
    let isSmallPlainData: Bool
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
    /// What a diff and a description do with a value of the type where it lies in memory.
    let stored: any StoredValueOperations
    /// For a struct with a layout, the reflection of each field's type, in declaration order;
    /// `nil` for a field read through `Mirror` (see `FieldLayout`). Found with the struct's.
    let fieldTypes: [TypeReflection?]

    /// What reflection finds about `Value` (a value's own type, not `Any`), from `value` the first
    /// time.
    ///
    /// - Complexity: O(the type's fields) the first time; a dictionary look-up under a lock after.
    static func of<Value>(_: Value.Type, from value: Value) -> TypeReflection {
        foundReflections.value(for: Value.self) { TypeReflection(Value.self, from: value) }
    }

    private init<Value>(_: Value.Type, from value: Value) {
        let mirror = Mirror(reflecting: value)
        let elements = Value.self as? any FieldDiffElements.Type
        let layout = elements == nil ? FieldLayout(of: value) : nil
        self.elements = elements
        self.layout = layout
        kind = Kind(mirror.displayStyle)
        isReflectedAsStored = mirror.subjectType == Value.self && !(Value.self is any CustomReflectable.Type)
        isOptional = Value.self is any OptionalType.Type
        isScalar = scalarTypes.contains(ObjectIdentifier(Value.self))
        isSmallPlainData = _isPOD(Value.self) && MemoryLayout<Value>.size <= 64
        streamable = Value.self as? any TextOutputStreamable.Type
        describable = Value.self as? any CustomStringConvertible.Type
        debugDescribable = Value.self as? any CustomDebugStringConvertible.Type
        qualifiedName = _typeName(Value.self, qualified: true)
        name = _typeName(Value.self, qualified: false)
        stored = StoredValues<Value>()
        fieldTypes = layout.map { layout in
            zip(mirror.children, layout.isReadAtOffset).map { child, isRead in isRead ? reflection(of: child.value) : nil }
        } ?? []
    }
}

extension TypeReflection {
    /// The kinds of value a description tells apart: `Mirror`'s display style, in a type of
    /// this module. (`Mirror.DisplayStyle` is the standard library's to change, so each copy
    /// of one went through its value witnesses: about 1,200 instructions a logged action.)
    enum Kind {
        case `struct`
        case `enum`
        case tuple
        case other

        init(_ style: Mirror.DisplayStyle?) {
            switch style {
            case .struct?: self = .struct
            case .enum?: self = .enum
            case .tuple?: self = .tuple
            default: self = .other
            }
        }
    }
}

/// The reflection of `value`'s own type.
private func reflection(of value: Any) -> TypeReflection {
    func find<Value>(_ value: Value) -> TypeReflection {
        TypeReflection.of(Value.self, from: value)
    }
    return _openExistential(value, do: find)
}

/// What reflection found so far.
private let foundReflections = TypeKeyedCache<TypeReflection>()

/// The types whose values a field diff writes whole (see `TypeReflection.isScalar`).
private let scalarTypes: Set<ObjectIdentifier> = Set(
    ([Bool.self, String.self, Substring.self, Character.self, Unicode.Scalar.self, Double.self, Float.self] as [Any.Type]
        + [Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self] as [Any.Type])
        .map(ObjectIdentifier.init)
)

/// Marks `Optional`, for a check on a type that is not known to be one.
protocol OptionalType {}

extension Optional: OptionalType {}
