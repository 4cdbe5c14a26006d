/// The text `String(describing:)` gives for `value`, made from what `TypeReflection` keeps per
/// type: the conformances that give a type its own text, its names, and its struct layout.
///
/// `String(describing:)` casts each value it meets to three protocols and reflects it through
/// `Mirror`, and names a type by demangling it: an action of two nested enums and a struct cost
/// a logger about 87,000 instructions. Here a value of a type seen before costs a look-up, and a
/// struct's fields are read at their offsets. Structs and enums are written as the standard
/// library writes them (a struct as `Name(field: value, …)` with its fields' debug text, an
/// enum as its case and its payload's debug text, with the type's qualified name where the
/// standard library writes it); any other kind of value (a class, a tuple, an optional at the
/// top), a struct without a layout, a type with a custom mirror, and a value whose dynamic type
/// is not the type it is held as (an existential) are handed to the standard library, so the
/// text is always the same.
package func describing(_ value: Any) -> String {
    func describe<Value>(_ value: Value) -> String {
        describing(value, reflected: TypeReflection.of(Value.self, from: value))
    }
    return _openExistential(value, do: describe)
}

/// The text `String(describing:)` gives for `value`, a value of the type `type` reflects: for a
/// caller that has opened the value and looked its type up already.
func describing<Value>(_ value: Value, reflected type: TypeReflection) -> String {
    // A text of the value's own is the description: no bytes to gather.
    if let ownText = ownText(of: value, type, debug: false) {
        return ownText
    }
    var text = TextBytes(capacity: 128)
    appendValueText(of: value, type, debug: false, to: &text)
    return text.string
}

/// Appends the text `print` (or, when `debug`, `debugPrint`) writes for `value`.
private func appendText(of value: Any, debug: Bool, to text: inout TextBytes) {
    func append<Value>(_ value: Value) {
        appendValueText(of: value, TypeReflection.of(Value.self, from: value), debug: debug, to: &text)
    }
    _openExistential(value, do: append)
}

/// Appends the text `print` (or, when `debug`, `debugPrint`) writes for `value`, a value of the
/// type `type` reflects.
func appendValueText<Value>(of value: Value, _ type: TypeReflection, debug: Bool, to text: inout TextBytes) {
    if let ownText = ownText(of: value, type, debug: debug) {
        text += ownText
        return
    }
    guard type.isReflectedAsStored else {
        text += debug ? String(reflecting: value) : String(describing: value)
        return
    }
    switch type.kind {
    case .struct where type.layout != nil:
        appendStruct(value, type, debug: debug, to: &text)
    case .enum:
        appendEnum(value, type, debug: debug, to: &text)
    default:
        text += debug ? String(reflecting: value) : String(describing: value)
    }
}

/// The text a value of a type that gives its own gives, in the standard library's order of the
/// three protocols (an optional's debug text at the top); `nil` for a type that gives none.
private func ownText<Value>(of value: Value, _ type: TypeReflection, debug: Bool) -> String? {
    if debug {
        if let own = type.debugDescribable { return own.debugText(of: value) }
        if let own = type.describable { return own.text(of: value) }
        if let own = type.streamable { return own.streamedText(of: value) }
    } else {
        if type.isOptional { return String(describing: value) }
        if let own = type.streamable { return own.streamedText(of: value) }
        if let own = type.describable { return own.text(of: value) }
        if let own = type.debugDescribable { return own.debugText(of: value) }
    }
    return nil
}

/// A struct as the standard library writes one that gives no text of its own: its name, then
/// each field's label and debug text.
private func appendStruct<Value>(_ value: Value, _ type: TypeReflection, debug: Bool, to text: inout TextBytes) {
    guard let layout = type.layout else { return }
    text += debug ? type.qualifiedName : type.name
    text += "("
    var reflected: Mirror.Children?
    withUnsafeBytes(of: value) { bytes in
        for field in layout.labels.indices {
            if field > 0 { text += ", " }
            text += layout.labels[field]
            text += ": "
            if let fieldType = type.fieldTypes[field] {
                fieldType.stored.appendText(bytes, at: layout.ranges[field].lowerBound, reflected: fieldType, debug: true, to: &text)
            } else {
                let children = reflected ?? Mirror(reflecting: value).children
                reflected = children
                appendText(of: children[children.index(children.startIndex, offsetBy: field)].value, debug: true, to: &text)
            }
        }
    }
    text += ")"
}

/// An enum as the standard library writes one that gives no text of its own: its case (after
/// its qualified name, in debug text), then its payload's debug text.
private func appendEnum<Value>(_ value: Value, _ type: TypeReflection, debug: Bool, to text: inout TextBytes) {
    if let caseName = type.caseNames.name(of: value) {
        appendCase(caseName, of: type, debug: debug, to: &text)
        return
    }
    guard let payload = Mirror(reflecting: value).children.first, let caseName = payload.label else {
        // No payload: the standard library's text is the case's name (or, for a case without
        // a name, the type's, which it writes alone in debug text too).
        let caseName = String(describing: value)
        if caseName != type.name {
            type.caseNames.keep(caseName, for: value)
            appendCase(caseName, of: type, debug: debug, to: &text)
        } else {
            text += debug ? String(reflecting: value) : caseName
        }
        return
    }
    appendCase(caseName, of: type, debug: debug, to: &text)
    appendPayload(payload.value, to: &text)
}

/// A case's name, after its type's qualified name in debug text. (Appended piece by piece: a
/// `+` of the pieces made a string of its own.)
private func appendCase(_ caseName: String, of type: TypeReflection, debug: Bool, to text: inout TextBytes) {
    if debug {
        text += type.qualifiedName
        text += "."
    }
    text += caseName
}

/// An enum's payload in parentheses, as the standard library writes it: a tuple's own serve.
private func appendPayload(_ payload: Any, to text: inout TextBytes) {
    func append<Payload>(_ payload: Payload) {
        let type = TypeReflection.of(Payload.self, from: payload)
        let isTuple = type.kind == .tuple
        if !isTuple { text += "(" }
        appendValueText(of: payload, type, debug: true, to: &text)
        if !isTuple { text += ")" }
    }
    _openExistential(payload, do: append)
}

extension CustomStringConvertible {
    /// The description of `value`, a value of this type.
    fileprivate static func text(of value: some Any) -> String {
        (value as! Self).description
    }
}

extension CustomDebugStringConvertible {
    /// The debug description of `value`, a value of this type.
    fileprivate static func debugText(of value: some Any) -> String {
        (value as! Self).debugDescription
    }
}

extension TextOutputStreamable {
    /// What `value`, a value of this type, writes.
    fileprivate static func streamedText(of value: some Any) -> String {
        var text = ""
        (value as! Self).write(to: &text)
        return text
    }
}
