extension IdentifiedArray: Equatable where Element: Equatable {
    /// Whether both hold equal elements in the same order.
    ///
    /// Two states of one history (a state and a copy kept before its last changes) compare only
    /// the elements the later one's change log names since the earlier; other arrays compare
    /// chunk by chunk, skipping the chunks they share.
    ///
    /// - Complexity: O(the changes between them, at most 64) for two states of one history;
    ///   otherwise O(*n*) at most, less what they share.
    @inlinable
    public static func == (lhs: IdentifiedArray, rhs: IdentifiedArray) -> Bool {
        guard lhs.values.count == rhs.values.count else { return false }
        if let equal = lhs.equalsByLog(rhs) ?? rhs.equalsByLog(lhs) {
            return equal
        }
        return lhs.values == rhs.values
    }
}

extension IdentifiedArray: Hashable where Element: Hashable {
    /// Hashes the elements, in order.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self {
            hasher.combine(element)
        }
    }
}

extension IdentifiedArray: Encodable where Element: Encodable {
    /// Encodes the elements as an array, in order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values.contiguous)
    }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
    /// Decodes an array of elements; two elements with one id are a decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let elements = try container.decode([Element].self)
        var seen = Set<ID>(minimumCapacity: elements.count)
        for element in elements where !seen.insert(element.id).inserted {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "IdentifiedArray: the id \(element.id) appears twice"
            )
        }
        self.init(uniqueElements: elements)
    }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
    /// Creates an identified array of the listed elements, whose ids are unique.
    ///
    /// - Precondition: No two elements have the same id.
    @inlinable
    public init(arrayLiteral elements: Element...) {
        self.init(uniqueElements: elements)
    }
}

extension IdentifiedArray: CustomStringConvertible {
    /// The elements, written as an array's are.
    public var description: String {
        values.contiguous.description
    }
}

extension IdentifiedArray: CustomReflectable {
    /// The elements, as an array's: what a debugger, `dump` and the logger's field diffs show,
    /// rather than the positions and the change log kept beside them.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: Array(values.contiguous), displayStyle: .collection)
    }
}
