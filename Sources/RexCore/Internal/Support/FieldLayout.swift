/// Where each stored field of a struct lies in the struct's bytes: what lets a field diff find
/// the fields that changed by comparing bytes, and read those at their offsets (reading a field
/// through `Mirror` costs a few thousand instructions, the runtime looking up the field's type
/// each time; a state of twenty features paid that forty times a logged action).
///
/// Found once per type, from `Mirror` and a value of the type: the fields in declaration order,
/// each at the next offset its alignment allows, which is how Swift lays out a struct's stored
/// properties. The layout is kept only if its last field ends where the struct does: a child
/// whose type were not its field's (its size differing) would move the fields after it, and the
/// end with them. An existential field's child is the existential, of the field's size (tested).
/// A type whose children are not its stored fields (a `CustomReflectable` type) has no layout,
/// nor a type whose fields cannot be accounted for: the diff reflects each of its fields.
///
/// A field is read at its offset, as its child's type (by its type's `StoredValues`), unless it
/// may hold a class reference (a class instance, an optional or an existential): only those may
/// be stored `weak` or `unowned`, not as the child's type; they are read through `Mirror`. A
/// struct with a field of a metatype has no layout (see `init(of:)`).
///
/// Invariants: the ranges are in order and cover the struct's bytes, each running from its
/// field's offset to the next field's (the last to the struct's size), so that a change of any
/// byte makes some field's range differ; a field that is read at its offset holds a value of
/// the type it is read as. A debug build checks both when it finds a layout, the second by
/// reading each such field of the value it was found from and describing it as its child.
struct FieldLayout {
    /// The fields' labels, in declaration order.
    let labels: [String]
    /// The bytes of each field and of the padding after it, in declaration order.
    let ranges: [Range<Int>]
    /// Whether each field is read at its offset, as its child's type (see `TypeReflection.fieldTypes`);
    /// if not, through `Mirror`.
    let isReadAtOffset: [Bool]

    /// The layout of `Value` (a value's own type, not `Any`), found from `value`'s `Mirror`, or
    /// `nil` when it is not a struct whose fields can be accounted for (see the type's comment).
    ///
    /// - Complexity: O(the fields).
    init?<Value>(of value: Value) {
        guard !(value is CustomReflectable) else { return nil }
        let mirror = Mirror(reflecting: value)
        // (A value held as an existential is reflected as the value inside: its layout is not
        // the existential's.)
        guard mirror.displayStyle == .struct, mirror.subjectType == Value.self else { return nil }
        var labels: [String] = [], offsets: [Int] = [], isReadAtOffset: [Bool] = []
        var end = 0
        for child in mirror.children {
            // A stored metatype of a struct or enum takes no room, but its child is a metatype of
            // eight bytes: a difference the padding before a wider-aligned field can hide.
            guard let label = child.label, !(child.value is Any.Type) else { return nil }
            let (size, alignment) = sizeAndAlignment(of: child.value)
            let offset = (end + alignment - 1) / alignment * alignment
            end = offset + size
            labels.append(label)
            offsets.append(offset)
            isReadAtOffset.append(mayBeReadAtOffset(child.value))
        }
        guard end == MemoryLayout<Value>.size else { return nil }
        self.labels = labels
        self.isReadAtOffset = isReadAtOffset
        ranges = offsets.indices.map { offsets[$0]..<(offsets.indices.contains($0 + 1) ? offsets[$0 + 1] : end) }
        #if DEBUG
        checkInvariants(against: value, mirror)
        #endif
    }

    /// The positions of the fields whose bytes differ between `before` and `after`, two values of
    /// the type this layout was found for.
    ///
    /// - Complexity: O(the struct's size).
    func fieldsThatDiffer<Value>(_ before: Value, _ after: Value) -> [Int] {
        withUnsafeBytes(of: before) { old in
            withUnsafeBytes(of: after) { new in
                ranges.indices.filter { field in
                    !haveSameBytes(UnsafeRawBufferPointer(rebasing: old[ranges[field]]), UnsafeRawBufferPointer(rebasing: new[ranges[field]]))
                }
            }
        }
    }

    #if DEBUG
    private func checkInvariants<Value>(against value: Value, _ mirror: Mirror) {
        precondition(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        precondition((ranges.first?.lowerBound ?? 0) == 0 && (ranges.last?.upperBound ?? 0) == MemoryLayout<Value>.size)
        withUnsafeBytes(of: value) { bytes in
            for (field, child) in mirror.children.enumerated() where isReadAtOffset[field] {
                precondition(
                    String(describing: read(child.value, at: ranges[field].lowerBound, in: bytes)) == String(describing: child.value),
                    "FieldLayout: \(Value.self).\(labels[field]) read at offset \(ranges[field].lowerBound) is not the field"
                )
            }
        }
    }

    /// The field whose child is `child`, read at `offset` in `bytes` as the child's type.
    private func read(_ child: Any, at offset: Int, in bytes: UnsafeRawBufferPointer) -> Any {
        func load<Field>(_: Field) -> Any {
            bytes.load(fromByteOffset: offset, as: Field.self)
        }
        return _openExistential(child, do: load)
    }
    #endif
}

/// The size and alignment of `value`'s own type.
private func sizeAndAlignment(of value: Any) -> (size: Int, alignment: Int) {
    func measure<Value>(_: Value) -> (size: Int, alignment: Int) {
        (MemoryLayout<Value>.size, MemoryLayout<Value>.alignment)
    }
    return _openExistential(value, do: measure)
}

/// Whether a field whose child is `child` may be read at its offset as the child's own type: not
/// a field that may hold a class reference, which may be stored `weak` or `unowned`, not as the
/// child's type: a class, an optional, or an existential (whose child is the existential, and
/// whose value may be a class instance whatever its mirror says).
private func mayBeReadAtOffset(_ child: Any) -> Bool {
    func check<Field>(_ value: Field) -> Bool {
        let isExistential = type(of: value as Any) != Field.self
        return !isExistential && !(Field.self is AnyObject.Type) && !(Field.self is any OptionalType.Type)
    }
    return _openExistential(child, do: check)
}
