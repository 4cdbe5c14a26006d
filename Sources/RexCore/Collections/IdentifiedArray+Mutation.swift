import Foundation  // IndexSet, as SwiftUI's `onMove` gives it

extension IdentifiedArray {
    /// Adds an element at the end, unless an element with its id is there already.
    ///
    /// - Returns: Whether it was added, and the position of the element with its id.
    /// - Complexity: O(1) on average.
    @inlinable
    @discardableResult
    public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
        insert(element, at: endIndex)
    }

    /// Adds the elements at the end, in order, leaving out those whose id is there already.
    ///
    /// - Complexity: O(*m*) on average, for *m* new elements.
    @inlinable
    public mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == Element {
        for element in newElements {
            append(element)
        }
    }

    /// Inserts an element at a position, unless an element with its id is there already.
    ///
    /// - Returns: Whether it was inserted, and the position of the element with its id.
    /// - Complexity: O(*n*), for the positions of the elements after it; O(1) at the end.
    @inlinable
    @discardableResult
    public mutating func insert(_ element: Element, at position: Int) -> (inserted: Bool, index: Int) {
        let elementID = id(element)
        if let existing = index(id: elementID) { return (false, existing) }
        insertNew(element, id: elementID, at: position)
        return (true, position)
    }

    /// Removes the element at a position, and returns it.
    ///
    /// - Complexity: O(*n*), for the positions of the elements after it.
    @inlinable
    @discardableResult
    public mutating func remove(at position: Int) -> Element {
        let removedID = idIndex.ids[position]
        noteChange(removedID, at: position)
        let element = values.remove(at: position)
        withIDs { ids, positions in
            positions.remove(removedID, at: position, in: ids)
            ids.remove(at: position)
            Self.renumber(after: position, removed: true, ids, &positions)
        }
        return element
    }

    /// Removes the elements that satisfy `shouldBeRemoved`, keeping the order of the others.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        var kept = ContiguousArray<Element>()
        for element in self where try !shouldBeRemoved(element) {
            kept.append(element)
        }
        guard kept.count != values.count else { return }
        self = IdentifiedArray(uniqueElements: kept, idReader: id)
    }

    /// Removes every element.
    @inlinable
    public mutating func removeAll() {
        self = IdentifiedArray(uniqueElements: [], idReader: id)
    }

    /// Moves the elements at `source` to before the element at `destination`, as SwiftUI's
    /// `onMove` asks; `destination` is a position in the collection before the move.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        var moved = ContiguousArray<Element>()
        var kept = ContiguousArray<Element>()
        var insertion = destination
        for (position, element) in self.enumerated() {
            if source.contains(position) {
                moved.append(element)
                if position < destination { insertion -= 1 }
            } else {
                kept.append(element)
            }
        }
        kept.insert(contentsOf: moved, at: insertion)
        self = IdentifiedArray(uniqueElements: kept, idReader: id)
    }

    /// Sorts the elements in place by `areInIncreasingOrder`.
    ///
    /// - Complexity: O(*n* log *n*).
    @inlinable
    public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        var sorted = values.contiguous
        try sorted.sort(by: areInIncreasingOrder)
        self = IdentifiedArray(uniqueElements: sorted, idReader: id)
    }
}

extension IdentifiedArray where Element: Comparable {
    /// Sorts the elements in place, in increasing order.
    ///
    /// - Complexity: O(*n* log *n*).
    @inlinable
    public mutating func sort() {
        sort(by: <)
    }
}
