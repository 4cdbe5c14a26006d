/// One line per field that differs between two values: `.path.to.field: old → new`.
///
/// Values are walked with `Mirror`: structs, classes and tuples by field, enums by case and
/// payload, optionals through their value, arrays by index, dictionaries and sets in the order
/// of their keys' text, so that the output is the same from run to run. A field whose path starts
/// with one of `hiding` is left out.
///
/// What did not change is skipped without being walked, so that a diff costs what changed rather
/// than what the values hold: a part with the same bits (an array whose storage the two share,
/// however long) is not walked; an ``IdentifiedArray`` gives only the elements of the chunks
/// that differ (see `FieldDiffElements`); a struct's changed fields are found by their bytes,
/// and only those are looked into (see `FieldLayout`). A part that is none of these is walked
/// whole: a plain `Array` that changed, by every element. (Not `==`: a type's `==` may leave
/// fields out, such as one that compares ids, and the diff would then hide what changed in them.)
package func diffFields<Value>(_ before: Value, _ after: Value, hiding: [String]) -> [String] {
    var lines: [String] = []
    let type = TypeReflection.of(Value.self, from: before)
    if type.isReflectedAsStored {
        appendValueDiff(before, after, reflected: type, path: "", hiding: hiding, into: &lines)
    } else {
        // An existential, or a type whose mirror is its own: walked as the values it holds.
        appendFieldDiff(before, after, path: "", hiding: hiding, into: &lines)
    }
    return lines
}

private func appendFieldDiff(_ before: Any, _ after: Any, path: String, hiding: [String], into lines: inout [String]) {
    // Opened, `Value` is `before`'s own type: its bits are compared as that type stores them, not
    // as the `Any` holds them (a box's address for a large value, bytes past a small one's end).
    func diff<Value>(_ before: Value) {
        guard let after = after as? Value else {
            if !isHidden(path, hiding) {
                appendReflectedDiff(before, after, path: path, hiding: hiding, into: &lines)
            }
            return
        }
        appendValueDiff(before, after, reflected: TypeReflection.of(Value.self, from: before), path: path, hiding: hiding, into: &lines)
    }
    _openExistential(before, do: diff)
}

/// The lines for two values of the type `type` reflects.
func appendValueDiff<Value>(
    _ before: Value, _ after: Value, reflected type: TypeReflection, path: String, hiding: [String], into lines: inout [String]
) {
    if isHidden(path, hiding) || haveSameBits(before, after) { return }
    let linesBefore = lines.count
    appendPartsDiff(before, after, reflected: type, path: path, hiding: hiding, into: &lines)
    if lines.count == linesBefore, type.isSmallPlainData {
        // Plain data whose parts show nothing of what changed (a SIMD vector's storage
        // reflects as an opaque value), though its bits, and so its value, differ: whole.
        appendLine(describing(before, reflected: type), describing(after, reflected: type), path: path, into: &lines)
    }
}

/// The lines for the parts of two values of the type `type` reflects that differ, found the
/// cheapest way the type allows: a collection's own, a value written whole, a struct's layout,
/// or `Mirror`.
private func appendPartsDiff<Value>(
    _ before: Value, _ after: Value, reflected type: TypeReflection, path: String, hiding: [String], into lines: inout [String]
) {
    if let collection = type.elements {
        appendElementDiff(of: collection, before, after, path: path, hiding: hiding, into: &lines)
    } else if type.isScalar {
        appendLine(describing(before, reflected: type), describing(after, reflected: type), path: path, into: &lines)
    } else if let layout = type.layout {
        appendDiff(of: layout.fieldsThatDiffer(before, after), in: layout, of: type, before, after, path: path, hiding: hiding, into: &lines)
    } else {
        appendReflectedDiff(before, after, path: path, hiding: hiding, into: &lines)
    }
}

/// The lines for the elements of two values of `collection`, a collection that knows which of
/// its elements changed, given as values of `Value`, which is `collection` itself (the type a
/// `TypeReflection` of `Value` found it to be). The values are read as the collection's type
/// from their own bytes: a cast out of `Value` looked the collection's generic type up, and
/// cast, twice a diff.
private func appendElementDiff<Value>(
    of collection: any FieldDiffElements.Type, _ before: Value, _ after: Value, path: String, hiding: [String], into lines: inout [String]
) {
    func diff<Collection: FieldDiffElements>(_: Collection.Type) {
        assert(Collection.self == Value.self, "FieldDiff: \(Value.self) diffed as \(Collection.self)")
        withUnsafeBytes(of: before) { old in
            withUnsafeBytes(of: after) { new in
                Collection.appendElementDiff(old.load(as: Collection.self), new.load(as: Collection.self), path: path, hiding: hiding, into: &lines)
            }
        }
    }
    _openExistential(collection, do: diff)
}

/// Whether `path` is one of `hiding` or inside one.
private func isHidden(_ path: String, _ hiding: [String]) -> Bool {
    hiding.contains { !$0.isEmpty && path.hasPrefix($0) }
}

/// The lines for the given fields of two values of a struct, each read where it lies through its
/// type's stored-value operations where its layout can, through `Mirror` otherwise.
private func appendDiff<Value>(
    of fields: [Int], in layout: FieldLayout, of type: TypeReflection, _ before: Value, _ after: Value,
    path: String, hiding: [String], into lines: inout [String]
) {
    var beforeFields: Mirror.Children?, afterFields: Mirror.Children?
    func reflected(_ field: Int, of value: Value, in children: inout Mirror.Children?) -> Any {
        let all = children ?? Mirror(reflecting: value).children
        children = all
        return all[all.index(all.startIndex, offsetBy: field)].value
    }
    withUnsafeBytes(of: before) { old in
        withUnsafeBytes(of: after) { new in
            for field in fields {
                let fieldPath = path + "." + layout.labels[field]
                if let fieldType = type.fieldTypes[field] {
                    fieldType.stored.appendDiff(
                        old, new, at: layout.ranges[field].lowerBound, reflected: fieldType, path: fieldPath, hiding: hiding, into: &lines
                    )
                } else {
                    appendFieldDiff(
                        reflected(field, of: before, in: &beforeFields), reflected(field, of: after, in: &afterFields),
                        path: fieldPath, hiding: hiding, into: &lines
                    )
                }
            }
        }
    }
}

/// The lines for two values walked through `Mirror`: what is neither a struct with a layout nor
/// a collection that knows its changed elements, or two values of different types.
private func appendReflectedDiff(_ before: Any, _ after: Any, path: String, hiding: [String], into lines: inout [String]) {
    let beforeMirror = Mirror(reflecting: before)
    let afterMirror = Mirror(reflecting: after)
    let beforeChildren = children(of: beforeMirror)
    let afterChildren = children(of: afterMirror)
    let isComposite = beforeMirror.displayStyle == afterMirror.displayStyle && !(beforeChildren.isEmpty && afterChildren.isEmpty)
        && !(beforeMirror.displayStyle == .enum && caseName(before) != caseName(after))
        && !(beforeMirror.displayStyle == .optional && (beforeChildren.isEmpty || afterChildren.isEmpty))
    guard isComposite else {
        appendLine(describing(before), describing(after), path: path, into: &lines)
        return
    }
    let afterByKey = Dictionary(afterChildren.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    let beforeKeys = Set(beforeChildren.map(\.key))
    for child in beforeChildren {
        let childPath = path + child.key
        if let newValue = afterByKey[child.key] {
            appendFieldDiff(child.value, newValue, path: childPath, hiding: hiding, into: &lines)
        } else if !hiding.contains(where: { childPath.hasPrefix($0) }) {
            lines.append("\(childPath): \(describing(child.value)) → (none)")
        }
    }
    for child in afterChildren where !beforeKeys.contains(child.key) && !hiding.contains(where: { (path + child.key).hasPrefix($0) }) {
        lines.append("\(path + child.key): (none) → \(describing(child.value))")
    }
}

/// The line for a value written whole, if its text changed.
private func appendLine(_ old: String, _ new: String, path: String, into lines: inout [String]) {
    if old != new {
        lines.append("\(path.isEmpty ? "." : path): \(old) → \(new)")
    }
}

/// The lines for the elements of a collection that may differ, each keyed by its position as
/// the walk through `Mirror` keys it.
func appendElementDiff(
    _ elements: [(position: Int, before: Any?, after: Any?)], path: String, hiding: [String], into lines: inout [String]
) {
    for element in elements {
        let childPath = elementPath(path, element.position)
        switch (element.before, element.after) {
        case (let old?, let new?):
            appendFieldDiff(old, new, path: childPath, hiding: hiding, into: &lines)
        case (let old?, nil) where !hiding.contains(where: { childPath.hasPrefix($0) }):
            lines.append("\(childPath): \(describing(old)) → (none)")
        case (nil, let new?) where !hiding.contains(where: { childPath.hasPrefix($0) }):
            lines.append("\(childPath): (none) → \(describing(new))")
        default:
            break
        }
    }
}

/// The path of the element at `position` of the collection at `path`.
func elementPath(_ path: String, _ position: Int) -> String {
    path + "[\(position)]"
}

/// A value's parts, each with the path step that names it, in a stable order.
private func children(of mirror: Mirror) -> [(key: String, value: Any)] {
    switch mirror.displayStyle {
    case .collection:
        return mirror.children.enumerated().map { ("[\($0.offset)]", $0.element.value) }
    case .dictionary:
        let pairs: [(key: String, value: Any)] = mirror.children.map { pair in
            let parts = Array(Mirror(reflecting: pair.value).children)
            return ("[\(describing(parts[0].value))]", parts[1].value)
        }
        return pairs.sorted { $0.key < $1.key }
    case .set:
        return mirror.children.map { describing($0.value) }.sorted().map { ("[\($0)]", $0) }
    case .optional:
        return mirror.children.map { ("", $0.value) }
    default:
        return labeledChildren(of: mirror)
    }
}

/// The fields of a struct, class or tuple, or the payload of an enum, each named by its label or
/// its place. Iterated once: each step of `Mirror.children` through an index (as `enumerated()`
/// and `map` take them) costs as much as reflecting the field again.
private func labeledChildren(of mirror: Mirror) -> [(key: String, value: Any)] {
    var children: [(key: String, value: Any)] = []
    var offset = 0
    for child in mirror.children {
        children.append((".\(child.label ?? String(offset))", child.value))
        offset += 1
    }
    return children
}

/// The case name of an enum value: its text up to the payload.
private func caseName(_ value: Any) -> Substring {
    describing(value).prefix { $0 != "(" }
}
