/// A collection that can tell, in O(1), that another value holds the very same storage as it
/// does, and so the same elements: what lets a field diff skip an unchanged array, however long,
/// without comparing its elements (which may not be `Equatable`).
package protocol SharedStorage {
    /// Whether `other` is a collection of this type whose storage is this one's.
    func sharesStorage(with other: Any) -> Bool
}

/// A collection that knows which of its elements may differ from another value of its type,
/// without comparing every element: what lets a field diff of a large identified array cost
/// what changed.
package protocol FieldDiffElements {
    /// The elements that may differ from `other`'s, with their positions, in increasing order
    /// (`nil` for an element one has past the end of the other); `nil` when `other` is not of
    /// this type. Elements with the same bits are left out.
    func elementsThatMayDiffer(from other: Any) -> [(position: Int, before: Any?, after: Any?)]?
}

extension Array: SharedStorage {
    package func sharesStorage(with other: Any) -> Bool {
        guard let other = other as? Array else { return false }
        return count == other.count && withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
    }
}

extension ContiguousArray: SharedStorage {
    package func sharesStorage(with other: Any) -> Bool {
        guard let other = other as? ContiguousArray else { return false }
        return sharesBuffer(with: other)
    }
}

extension IdentifiedArray: FieldDiffElements {
    package func elementsThatMayDiffer(from other: Any) -> [(position: Int, before: Any?, after: Any?)]? {
        guard let other = other as? IdentifiedArray else { return nil }
        var differing: [(position: Int, before: Any?, after: Any?)] = []
        for range in values.positionsThatMayDiffer(from: other.values) {
            for position in range {
                let before = position < values.count ? values[position] : nil
                let after = position < other.values.count ? other.values[position] : nil
                if let before, let after, haveSameBits(before, after) { continue }
                differing.append((position, before, after))
            }
        }
        return differing
    }
}

/// Whether two values have the same bits: then they are one value (the same references, the
/// same inline data), whatever their type. Equal values may differ in their bits (two strings
/// with storage of their own), so `false` says nothing.
package func haveSameBits<Value>(_ first: Value, _ second: Value) -> Bool {
    withUnsafeBytes(of: first) { firstBytes in
        withUnsafeBytes(of: second) { secondBytes in
            var offset = 0
            // Eight bytes at a time, then the rest one by one.
            while offset + 8 <= firstBytes.count {
                guard firstBytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == secondBytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
                offset += 8
            }
            while offset < firstBytes.count {
                guard firstBytes[offset] == secondBytes[offset] else { return false }
                offset += 1
            }
            return true
        }
    }
}
