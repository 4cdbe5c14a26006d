/// Where each stored field of a struct lies in the struct's bytes: what lets a field diff find
/// the fields that changed by comparing bytes, reflecting through `Mirror` only those (reading a
/// field through `Mirror` costs a few thousand instructions, the runtime looking up the field's
/// type each time; a state of twenty features paid that forty times a logged action).
///
/// Found once per type, from `Mirror` and a value of the type: the fields in declaration order,
/// each at the next offset its alignment allows, which is how Swift lays out a struct's stored
/// properties. The layout is kept only if its last field ends where the struct does: a child
/// whose type were not its field's (its size differing) would move the fields after it, and the
/// end with them. An existential field's child is the existential, of the field's size (tested).
/// A type whose children are not its stored fields (a `CustomReflectable` type) has no layout,
/// nor a type whose fields cannot be accounted for: the diff reflects each of its fields.
///
/// Invariant: the ranges are in order and cover the struct's bytes, each running from its
/// field's offset to the next field's (the last to the struct's size), so that a change of any
/// byte makes some field's range differ (a debug build checks the cover). Bytes only say which
/// fields to look at: their values still come from `Mirror`, and no byte is read as a type.
struct FieldLayout {
    /// The fields' labels, in declaration order.
    let labels: [String]
    /// The bytes of each field and of the padding after it, in declaration order.
    let ranges: [Range<Int>]

    /// The layout of `Value` (a value's own type, not `Any`), or `nil` when it is not a struct whose fields can be
    /// accounted for (see the type's comment).
    ///
    /// - Complexity: O(the fields), once per type; a dictionary look-up under a lock after.
    static func of<Value>(_ value: Value) -> FieldLayout? {
        let type = ObjectIdentifier(Value.self)
        if let known = foundLayouts.lock.withLock({ foundLayouts.byType[type] }) {
            return known
        }
        let found = FieldLayout(finding: value)
        foundLayouts.lock.withLock { foundLayouts.byType[type] = .some(found) }
        return found
    }

    /// The positions of the fields whose bytes differ between `before` and `after`, two values of
    /// the type this layout was found for.
    ///
    /// - Complexity: O(the struct's size).
    func fieldsThatDiffer<Value>(_ before: Value, _ after: Value) -> [Int] {
        withUnsafeBytes(of: before) { old in
            withUnsafeBytes(of: after) { new in
                ranges.indices.filter { !old[ranges[$0]].elementsEqual(new[ranges[$0]]) }
            }
        }
    }

    /// Finds the layout of `value`'s type from its `Mirror` children.
    private init?<Value>(finding value: Value) {
        guard !(value is CustomReflectable) else { return nil }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct else { return nil }
        var labels: [String] = [], offsets: [Int] = []
        var end = 0
        for child in mirror.children {
            guard let label = child.label else { return nil }
            let (size, alignment) = sizeAndAlignment(of: child.value)
            let offset = (end + alignment - 1) / alignment * alignment
            end = offset + size
            labels.append(label)
            offsets.append(offset)
        }
        guard end == MemoryLayout<Value>.size else { return nil }
        self.labels = labels
        ranges = offsets.indices.map { offsets[$0]..<(offsets.indices.contains($0 + 1) ? offsets[$0 + 1] : end) }
        #if DEBUG
        precondition(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        precondition((ranges.first?.lowerBound ?? 0) == 0 && (ranges.last?.upperBound ?? 0) == MemoryLayout<Value>.size)
        #endif
    }
}

/// The layouts found so far.
private let foundLayouts = FoundLayouts()

/// The layouts found so far, by type: `.some(nil)` for a type that has none.
private final class FoundLayouts: @unchecked Sendable {  // `byType` is guarded by `lock`
    let lock = Lock()
    var byType: [ObjectIdentifier: FieldLayout?] = [:]
}

/// The size and alignment of `value`'s own type.
private func sizeAndAlignment(of value: Any) -> (size: Int, alignment: Int) {
    func measure<Value>(_: Value) -> (size: Int, alignment: Int) {
        (MemoryLayout<Value>.size, MemoryLayout<Value>.alignment)
    }
    return _openExistential(value, do: measure)
}
