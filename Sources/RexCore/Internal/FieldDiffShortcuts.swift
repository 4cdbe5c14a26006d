/// A collection that can tell, in O(1), that another value holds the very same storage as it
/// does, and so the same elements: what lets a field diff skip an unchanged array, however long,
/// without comparing its elements (which may not be `Equatable`).
package protocol SharedStorage {
    /// Whether `other` is a collection of this type whose storage is this one's.
    func sharesStorage(with other: Any) -> Bool
}

/// A collection that knows which of its positions may differ from another value of its type,
/// without comparing every element: what lets a field diff of a large identified array cost
/// what changed.
package protocol FieldDiffPositions {
    /// The positions whose elements may differ from `other`'s (past the end of either, the
    /// elements one has and the other has not), in increasing order; `nil` when `other` is not
    /// of this type.
    func positionsThatMayDiffer(from other: Any) -> [Range<Int>]?

    /// The element at `position`, or `nil` past the end.
    func element(at position: Int) -> Any?
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

extension IdentifiedArray: FieldDiffPositions {
    package func positionsThatMayDiffer(from other: Any) -> [Range<Int>]? {
        guard let other = other as? IdentifiedArray else { return nil }
        return values.positionsThatMayDiffer(from: other.values)
    }

    package func element(at position: Int) -> Any? {
        // The storage's count, not `Collection.count`: called through the protocol, the
        // collection's default ran unspecialized, looking metadata up (about 7,000 instructions).
        position < values.count ? values[position] : nil
    }
}
