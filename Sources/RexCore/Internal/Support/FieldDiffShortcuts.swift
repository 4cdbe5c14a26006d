/// A collection that knows which of its elements may differ between two of its values, without
/// comparing every element: what lets a field diff of a large identified array cost what
/// changed. (Called through the metatype a `TypeReflection` keeps, with no cast to the protocol.)
package protocol FieldDiffElements {
    /// Appends the lines for the elements of `before` and `after` that differ, at `path` and
    /// their positions, in increasing order.
    static func appendElementDiff(_ before: Self, _ after: Self, path: String, hiding: [String], into lines: inout [String])
}

extension IdentifiedArray: FieldDiffElements {
    package static func appendElementDiff(_ before: Self, _ after: Self, path: String, hiding: [String], into lines: inout [String]) {
        guard let positions = after.positionsChanged(since: before) else {
            let ranges = before.values.positionsThatMayDiffer(from: after.values)
            RexCore.appendElementDiff(before.values.elementsThatDiffer(from: after.values, in: ranges), path: path, hiding: hiding, into: &lines)
            return
        }
        // Both have every position (nothing was added, removed or moved): each pair diffed as
        // the elements they are, with no `Any` around them.
        var elementType: TypeReflection?
        let reader = ElementChunksReader<Element>.kept
        for position in positions {
            let (old, new) = (before.values.readElement(at: position, with: reader), after.values.readElement(at: position, with: reader))
            let type = elementType ?? TypeReflection.of(Element.self, from: old)
            elementType = type
            appendValueDiff(old, new, reflected: type, path: elementPath(path, position), hiding: hiding, into: &lines)
        }
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
