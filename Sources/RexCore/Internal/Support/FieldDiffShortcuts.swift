/// A collection that knows which of its elements may differ between two of its values, without
/// comparing every element: what lets a field diff of a large identified array cost what
/// changed. (Called through the metatype a `TypeReflection` keeps, with no cast to the protocol.)
package protocol FieldDiffElements {
    /// The elements of `before` and `after`, two values of this type, that may differ, with
    /// their positions, in increasing order (`nil` for an element one has past the end of the
    /// other); `nil` when `Value` is not this type. Elements with the same bits may be among them.
    static func elementsThatMayDiffer<Value>(_ before: Value, _ after: Value) -> [(position: Int, before: Any?, after: Any?)]?
}

extension IdentifiedArray: FieldDiffElements {
    package static func elementsThatMayDiffer<Value>(_ before: Value, _ after: Value) -> [(position: Int, before: Any?, after: Any?)]? {
        guard let before = before as? IdentifiedArray, let after = after as? IdentifiedArray else { return nil }
        if let positions = after.positionsChanged(since: before) {
            return positions.map { ($0, before.values[$0], after.values[$0]) }
        }
        return before.values.elementsThatDiffer(from: after.values, in: before.values.positionsThatMayDiffer(from: after.values))
    }
}

/// Whether two values have the same bits: then they are one value (the same references, the
/// same inline data), whatever their type. Equal values may differ in their bits (two strings
/// with storage of their own), so `false` says nothing.
package func haveSameBits<Value>(_ first: Value, _ second: Value) -> Bool {
    withUnsafeBytes(of: first) { firstBytes in
        withUnsafeBytes(of: second) { secondBytes in
            haveSameBytes(firstBytes, secondBytes)
        }
    }
}

/// Whether two runs of bytes of the same length are the same, compared eight bytes at a time.
func haveSameBytes(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    // Eight bytes at a time, then the rest one by one.
    while offset + 8 <= first.count {
        guard first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            == second.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
        offset += 8
    }
    while offset < first.count {
        guard first[offset] == second[offset] else { return false }
        offset += 1
    }
    return true
}
