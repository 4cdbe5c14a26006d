extension IdentifiedArray: RandomAccessCollection, MutableCollection {
    /// The position of the first element: zero.
    @inlinable
    public var startIndex: Int { 0 }

    /// The position after the last element: the number of elements.
    @inlinable
    public var endIndex: Int { values.count }

    /// The element at a position; set only to an element with the same id.
    ///
    /// - Precondition: An element set at a position has the id of the element it replaces.
    @inlinable
    public subscript(position: Int) -> Element {
        get { values[position] }
        _modify {
            let elementID = idIndex.ids[position]
            noteChange(elementID, at: position)
            yield &values[position]
            precondition(id(values[position]) == elementID, "IdentifiedArray: the element at \(position) was given another id")
        }
    }

    /// Exchanges the elements at two positions, and their ids' positions.
    @inlinable
    public mutating func swapAt(_ i: Int, _ j: Int) {
        guard i != j else { return }
        noteChange(idIndex.ids[i], at: i)
        noteChange(idIndex.ids[j], at: j)
        values.swapAt(i, j)
        withIDs { ids, positions in
            positions.exchange(ids[i], at: i, with: ids[j], at: j)
            ids.swapByMoving(i, j)
        }
    }
}
