extension IdentifiedArray {
    /// The element with the given id, or `nil` when there is none; changed in place.
    ///
    /// Reading and changing an element costs O(1) and copies neither the storage nor the element:
    /// `todos[id: 7]?.done.toggle()` changes the flag where it is. Setting `nil` removes the
    /// element (O(*n*)); setting an element for an id that is not there appends it (O(1)).
    ///
    /// - Precondition: An element set for an id has that id.
    @inlinable
    public subscript(id id: ID) -> Element? {
        get {
            guard let position = index(id: id) else { return nil }
            return values[position]
        }
        _modify {
            guard let position = positionForChange(of: id) else {
                var added: Element?
                yield &added
                if let added { insertNew(added, id: id, at: values.count) }
                return
            }
            // The element is moved out of the storage, not copied, so that changing it does not
            // copy what it holds: swapped to the end, then removed from there (both O(1)).
            noteChange(id, at: position)
            var element: Element? = takeElement(at: position)
            defer { putBack(element, id: id, at: position) }
            yield &element
        }
        set {
            if let position = positionForChange(of: id) {
                noteChange(id, at: position)
                putBack(newValue, id: id, at: position, replacing: true)
            } else if let newValue {
                insertNew(newValue, id: id, at: values.count)
            }
        }
    }

    /// Removes the element with the given id, and returns it; `nil` when there is none.
    ///
    /// - Complexity: O(*n*), for the positions of the elements after it.
    @inlinable
    @discardableResult
    public mutating func remove(id: ID) -> Element? {
        guard let position = index(id: id) else { return nil }
        return remove(at: position)
    }

    /// Moves the element at `position` out of the storage (see `ElementStorage.take(at:)`).
    @inlinable
    mutating func takeElement(at position: Int) -> Element {
        values.take(at: position)
    }

    /// Undoes `takeElement(at:)` with `element`, or, when it is `nil`, removes the element's
    /// place. With `replacing`, the element at `position` is still there and is replaced.
    @inlinable
    mutating func putBack(_ element: Element?, id: ID, at position: Int, replacing: Bool = false) {
        if let element {
            precondition(self.id(element) == id, "IdentifiedArray: an element set for id \(id) has another id")
            if replacing {
                values.update(at: position) { $0 = element }
            } else {
                values.restore(element, at: position)
            }
            return
        }
        if replacing {
            _ = takeElement(at: position)
        }
        values.closeGap(at: position)
        withIDs { ids, positions in
            positions.remove(id, at: position, in: ids)
            ids.remove(at: position)
            Self.renumber(after: position, removed: true, ids, &positions)
        }
    }

    /// Inserts an element whose id is not there yet.
    @inlinable
    mutating func insertNew(_ element: Element, id: ID, at position: Int) {
        precondition(self.id(element) == id, "IdentifiedArray: an element set for id \(id) has another id")
        noteChange(id, at: position)
        values.insert(element, at: position)
        withIDs { ids, positions in
            ids.insert(id, at: position)
            Self.renumber(after: position, removed: false, ids, &positions)
            positions.add(id, at: position, in: ids)
        }
    }

    /// Moves the positions of the elements after `position` one place: back when the element
    /// at `position` was removed, on when one was inserted there (and is not in `positions` yet).
    /// In the order that never gives one position to two ids.
    @inlinable
    static func renumber(after position: Int, removed: Bool, _ ids: ContiguousArray<ID>, _ positions: inout PositionTable) {
        if removed {
            for index in position..<ids.endIndex {
                positions.move(ids[index], from: index + 1, to: index)
            }
        } else {
            for index in (position + 1..<ids.endIndex).reversed() {
                positions.move(ids[index], from: index - 1, to: index)
            }
        }
    }
}

extension IdentifiedArray {
    /// Runs `update` on the element with the given id, in place; does nothing when there is none.
    /// What the lifts to an identified array call: O(1), no element moved.
    @inlinable
    mutating func updateElement(id: ID, _ update: (inout Element) -> Void) {
        guard let position = positionForChange(of: id) else { return }
        noteChange(id, at: position)
        values.update(at: position, update)
    }

    /// The position of the element with this id, for a change: where the last change by id was,
    /// or just after it, when the id is there (see `positionInRun`), else from `positions`.
    @inlinable @inline(__always)  // left to the inliner, it is called: 10 instructions more per change by id (W8)
    mutating func positionForChange(of id: ID) -> Int? {
        if let position = positionInRun(after: lastChanged, where: { holds(id, at: $0) }) {
            lastChanged = position
            return position
        }
        guard let position = index(id: id) else { return nil }
        lastChanged = position
        return position
    }

    /// The position of the element with the given id, looked for first at `guess`: one
    /// comparison when the guess is right, the position table when not.
    @inlinable
    func index(id: ID, guess: Int) -> Int? {
        holds(id, at: guess) ? guess : index(id: id)
    }

    /// The element with the given id, looked for first at `guess` (where a change found it).
    @inlinable
    func element(id: ID, guess: Int) -> Element? {
        guard let position = index(id: id, guess: guess) else { return nil }
        return values[position]
    }

    /// Whether the element at `position` (zero or more), if there is one, has the given id.
    @inlinable
    func holds(_ id: ID, at position: Int) -> Bool {
        position < idIndex.ids.endIndex && idIndex.ids[position] == id
    }
}
