/// The elements of an identified array: one contiguous buffer while no kept copy shares them,
/// chunks under an index (``ElementChunks``) from the first change made while one does.
///
/// A flat buffer is the fastest to read and change in place, and what a list no one keeps a past
/// state of uses for its whole life. But a kept copy (a recorded state, an undo step, the part a
/// persistence middleware saved last) shares the buffer, and the next change would copy every
/// element. So the identified array calls ``shareInChunks()`` when a change finds that a copy of
/// the array may be alive (its change log is shared, see `IdentifiedArray.noteChange`): the
/// elements move into chunks once (O(*n*), the copy the change would have made anyway), and from
/// then on a change copies only the chunk it touches and the path to it. The array stays in
/// chunks until an operation rebuilds it whole (a sort, a move, `removeAll`).
///
/// Invariant: `chunks` is `nil` and `flat` holds the elements, or `chunks` holds them and `flat`
/// is empty.
@usableFromInline
struct ElementStorage<Element> {
    /// The elements while they are not in chunks.
    @usableFromInline
    var flat: ContiguousArray<Element>
    /// The elements once a change found a kept copy.
    @usableFromInline
    var chunks: ElementChunks<Element>?

    /// Storage of `elements`, in one buffer.
    @inlinable
    init(_ elements: ContiguousArray<Element>) {
        flat = elements
        chunks = nil
    }

    /// The number of elements.
    @inlinable
    var count: Int {
        chunks?.count ?? flat.count
    }

    /// Calls `body` with the element at `position`, in place, and returns what it returns.
    ///
    /// The way the identified array changes an element: the subscript's `_modify`, with a yield
    /// for each shape, is a coroutine the optimizer does not inline (about 200 instructions per
    /// change by id, W8), where a closure passed here is.
    @inlinable @inline(__always)
    mutating func update<Result>(at position: Int, _ body: (inout Element) throws -> Result) rethrows -> Result {
        if chunks == nil {
            return try body(&flat[position])
        }
        return try chunks!.update(at: position, body)
    }

    /// Whether the elements are in chunks.
    @inlinable
    var isChunked: Bool {
        chunks != nil
    }

    /// The element at `position`, changed in place.
    @inlinable
    subscript(position: Int) -> Element {
        get {
            if let chunks { return chunks[position] }
            return flat[position]
        }
        _modify {
            if chunks != nil {
                yield &chunks![position]
            } else {
                yield &flat[position]
            }
        }
    }

    /// Calls `body` with the buffer that holds the element at `position` (the flat buffer, or
    /// the position's leaf) and the element's place in it, and returns what it returns: the
    /// element read in place, not copied out.
    ///
    /// - Complexity: O(log *n*) in chunks.
    @inlinable
    func withBuffer<Result>(holding position: Int, _ body: (UnsafeBufferPointer<Element>, Int) -> Result) -> Result {
        // The leaf found through the chunks where they lie: `guard let chunks` made a copy of
        // them, which retained their tree and released it after (W15u: two atomic pairs a turn,
        // in the comparison of the part with its step).
        guard let leaf = chunks?[leafContaining: position] else { return flat.withUnsafeBufferPointer { body($0, position) } }
        return leaf.withUnsafeBufferPointer { body($0, ElementChunks<Element>.offsetInLeaf(position)) }
    }

    /// The element at `position`, read in code compiled for any element type: through `reader`,
    /// compiled for this one.
    func readElement(at position: Int, with reader: ElementChunksReader<Element>) -> Element {
        if let chunks { return reader.read(chunks, position) }
        return flat[position]
    }

    /// Moves the elements into chunks, unless they are there already: for a change made while a
    /// kept copy may share them.
    ///
    /// - Complexity: O(*n*) the first time; O(1) after.
    @inlinable
    mutating func shareInChunks() {
        guard chunks == nil else { return }
        chunks = ElementChunks(flat)
        flat = []
    }

    /// The elements, in one buffer: the storage's own while it is flat, a copy otherwise.
    ///
    /// - Complexity: O(1) while flat; O(*n*) in chunks.
    @inlinable
    var contiguous: ContiguousArray<Element> {
        guard let chunks else { return flat }
        var elements = ContiguousArray<Element>()
        elements.reserveCapacity(chunks.count)
        chunks.forEach { elements.append($0) }
        return elements
    }

    /// Adds an element at the end.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    mutating func append(_ element: Element) {
        if chunks != nil {
            chunks!.append(element)
        } else {
            flat.append(element)
        }
    }

    /// Inserts an element at `position`.
    ///
    /// - Complexity: O(1) at the end; O(*n*) elsewhere (in chunks, the chunks are made again).
    @inlinable
    mutating func insert(_ element: Element, at position: Int) {
        guard chunks != nil else { return flat.insert(element, at: position) }
        guard position != count else { return append(element) }
        var elements = contiguous
        elements.insert(element, at: position)
        chunks = ElementChunks(elements)
    }

    /// Removes the element at `position`, and returns it.
    ///
    /// - Complexity: O(1) at the end; O(*n*) elsewhere (in chunks, the chunks are made again).
    @inlinable
    @discardableResult
    mutating func remove(at position: Int) -> Element {
        guard chunks != nil else { return flat.remove(at: position) }
        guard position != count - 1 else { return chunks!.removeLast() }
        var elements = contiguous
        let element = elements.remove(at: position)
        chunks = ElementChunks(elements)
        return element
    }

    /// Exchanges the elements at two positions.
    @inlinable
    mutating func swapAt(_ i: Int, _ j: Int) {
        guard chunks != nil else { return flat.swapByMoving(i, j) }
        let element = chunks![i]
        chunks![i] = chunks![j]
        chunks![j] = element
    }

    /// Moves the element at `position` out of the storage, without copying it, and returns it:
    /// the element that ends the buffer (the leaf, in chunks, copied first with its path where a
    /// kept copy shares it) takes its place, which is one element shorter.
    ///
    /// Until ``restore(_:at:)`` or ``closeGap(at:)`` with the same position, the storage is in
    /// neither of its shapes: nothing else may be called on it.
    @inlinable
    mutating func take(at position: Int) -> Element {
        guard chunks != nil else { return Self.take(at: position, from: &flat) }
        return takeFromChunks(at: position)
    }

    /// `take(at:)` in chunks. Not inlined, so that the walk down the tree stays out of the flat
    /// path's callers (inlined, it kept `IdentifiedArray.takeElement(at:)` out of line: W8s +24
    /// instructions a change by id).
    @inlinable @inline(never)
    mutating func takeFromChunks(at position: Int) -> Element {
        var leaf = chunks!.uniqueLeaf(containing: position)
        return Self.take(at: ElementChunks<Element>.offsetInLeaf(position), from: &leaf)
    }

    /// Puts back an element taken from `position` by ``take(at:)``.
    @inlinable
    mutating func restore(_ element: Element, at position: Int) {
        guard chunks != nil else { return Self.restore(element, at: position, in: &flat) }
        var leaf = chunks!.uniqueLeaf(containing: position)
        Self.restore(element, at: ElementChunks<Element>.offsetInLeaf(position), in: &leaf)
    }

    /// Ends the removal of the element taken from `position` by ``take(at:)``: the elements
    /// after it come one position closer, in order.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    mutating func closeGap(at position: Int) {
        guard chunks != nil else { return Self.closeGap(at: position, in: &flat) }
        var leaf = chunks!.uniqueLeaf(containing: position)
        Self.closeGap(at: ElementChunks<Element>.offsetInLeaf(position), in: &leaf)
        // One leaf is one element short now: the chunks are made again from the elements, in
        // order (`contiguous` reads them leaf by leaf, whatever each holds).
        chunks = ElementChunks(contiguous)
    }

    /// `take(at:)` within one buffer.
    @inlinable
    static func take<Buffer: ElementBuffer<Element>>(at offset: Int, from buffer: inout Buffer) -> Element {
        buffer.swapByMoving(offset, buffer.endIndex - 1)
        return buffer.removeLast()
    }

    /// `restore(_:at:)` within one buffer.
    @inlinable
    static func restore<Buffer: ElementBuffer<Element>>(_ element: Element, at offset: Int, in buffer: inout Buffer) {
        buffer.append(element)
        buffer.swapByMoving(offset, buffer.endIndex - 1)
    }

    /// `closeGap(at:)` within one buffer: the element that ended the buffer sits at `offset`;
    /// put back at the end, it leaves the others in order.
    @inlinable
    static func closeGap<Buffer: ElementBuffer<Element>>(at offset: Int, in buffer: inout Buffer) {
        if offset < buffer.endIndex {
            let last = buffer.remove(at: offset)
            buffer.append(last)
        }
    }
}

extension ElementStorage: Equatable where Element: Equatable {
    /// Whether both hold equal elements in the same order; in O(1) when they share their
    /// storage, and, in chunks, in the time of the chunks they do not share.
    @inlinable
    static func == (lhs: ElementStorage, rhs: ElementStorage) -> Bool {
        switch (lhs.chunks, rhs.chunks) {
        case (nil, nil): return lhs.flat == rhs.flat
        case (let left?, let right?): return left == right
        default: return lhs.count == rhs.count && lhs.contiguous == rhs.contiguous
        }
    }
}

extension ElementStorage where Element: Equatable {
    /// Whether the element at `position` equals `other`'s element there, both read in place:
    /// copied out, each would be retained and released with what it holds (W15u, the undo
    /// history's check that a turn changed its list: about 80 instructions).
    ///
    /// - Complexity: O(log *n*) in chunks, and one comparison of two elements.
    @inlinable
    func elementEquals(at position: Int, in other: ElementStorage) -> Bool {
        withBuffer(holding: position) { mine, myOffset in
            other.withBuffer(holding: position) { theirs, theirOffset in
                mine[myOffset] == theirs[theirOffset]
            }
        }
    }
}

extension ElementStorage: Sendable where Element: Sendable {}
