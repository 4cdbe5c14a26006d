extension ElementStorage {
    /// The positions whose elements may differ from `other`'s, in increasing order: none where
    /// the two share a chunk (or their whole buffer), every position of a chunk they do not
    /// share, and the positions one has past the end of the other.
    ///
    /// What a field diff of two states of one history walks: a change after a kept copy copies
    /// one chunk and its path, so the two share every other chunk.
    ///
    /// - Complexity: O(the chunks that differ, and the paths to them) when both are in chunks;
    ///   O(1) when both share one buffer; otherwise every position.
    func positionsThatMayDiffer(from other: ElementStorage) -> [Range<Int>] {
        let longer = Swift.max(count, other.count)
        switch (chunks, other.chunks) {
        case (let mine?, let theirs?):
            var ranges: [Range<Int>] = []
            mine.appendPositionsThatMayDiffer(from: theirs, into: &ranges)
            return ranges
        case (nil, nil) where flat.sharesBuffer(with: other.flat):
            return []
        default:
            return longer == 0 ? [] : [0..<longer]
        }
    }
}

extension ElementStorage {
    /// The elements at the positions in `ranges` whose bits differ from `other`'s there, or that
    /// one of the two does not have, with their positions, in increasing order: this storage's
    /// as `before`, `other`'s as `after`.
    ///
    /// Compared in the bytes of the two buffers that hold them (the flat buffer, or a leaf),
    /// without copying the elements that are the same: what a field diff of a large identified
    /// array does with the positions `positionsThatMayDiffer(from:)` gives.
    ///
    /// - Complexity: O(the positions in `ranges`).
    func elementsThatDiffer(from other: ElementStorage, in ranges: [Range<Int>]) -> [(position: Int, before: Any?, after: Any?)] {
        // (Elements in `Any`, a type known where this is compiled: a tuple of `Element`s would
        // have its type looked up at run time on each use, in code not specialized for them.)
        var differing: [(position: Int, before: Any?, after: Any?)] = []
        let (size, stride) = (MemoryLayout<Element>.size, MemoryLayout<Element>.stride)
        for range in ranges {
            var position = range.lowerBound
            while position < range.upperBound {
                guard position < count, position < other.count else {
                    differing.append((position, position < count ? self[position] : nil, position < other.count ? other[position] : nil))
                    position += 1
                    continue
                }
                let length = withBuffer(holding: position) { mine, myStart in
                    other.withBuffer(holding: position) { theirs, theirStart in
                        let length = Swift.min(range.upperBound - position, mine.count - myStart, theirs.count - theirStart)
                        let (myBytes, theirBytes) = (UnsafeRawBufferPointer(mine), UnsafeRawBufferPointer(theirs))
                        for step in 0..<length {
                            let (myOffset, theirOffset) = ((myStart + step) * stride, (theirStart + step) * stride)
                            if !haveSameBytes(
                                UnsafeRawBufferPointer(rebasing: myBytes[myOffset..<myOffset + size]),
                                UnsafeRawBufferPointer(rebasing: theirBytes[theirOffset..<theirOffset + size])
                            ) {
                                differing.append((position + step, mine[myStart + step], theirs[theirStart + step]))
                            }
                        }
                        return length
                    }
                }
                position += length
            }
        }
        return differing
    }
}

extension ElementChunks {
    /// Appends to `ranges` the positions of the leaves that `self` and `other` do not share,
    /// skipping the nodes they share whole.
    func appendPositionsThatMayDiffer(from other: ElementChunks, into ranges: inout [Range<Int>]) {
        let end = Swift.max(count, other.count)
        func add(_ start: Int, _ length: Int) {
            let upper = Swift.min(start + length, end)
            guard start < upper else { return }
            let range = start..<upper
            if let last = ranges.last, last.upperBound == range.lowerBound {
                ranges[ranges.endIndex - 1] = last.lowerBound..<range.upperBound
            } else {
                ranges.append(range)
            }
        }
        /// Walks two nodes of `level`, starting at position `start`: nothing where they are one
        /// node; the whole span of a child only one has; the children both have, down to the
        /// leaves, whose span is added where they are two.
        func walk(_ mine: IndexNode, _ theirs: IndexNode, level: Int, from start: Int) {
            if mine.isSameNode(as: theirs) { return }
            let childShift = Self.childShift(level)
            for index in 0..<Swift.max(mine.count, theirs.count) {
                let childStart = start + (index << childShift)
                guard index < mine.count, index < theirs.count else {
                    add(childStart, 1 << childShift)
                    continue
                }
                if level == 1 {
                    if !mine.child(at: index).isSameNode(as: theirs.child(at: index)) {
                        add(childStart, 1 << childShift)
                    }
                } else {
                    walk(mine.child(at: index), theirs.child(at: index), level: level - 1, from: childStart)
                }
            }
        }
        // Trees of two heights: the taller holds the shorter's positions under the first node
        // of each level on its left, where it grew from such a tree, so the walk starts there,
        // and what only the taller holds differs.
        let level = Swift.min(height, other.height)
        withRoot { myRoot in
            other.withRoot { theirRoot in
                var mine = myRoot
                var theirs = theirRoot
                for _ in 0..<Swift.max(0, height - other.height) {
                    mine = mine.child(at: 0)
                }
                for _ in 0..<Swift.max(0, other.height - height) {
                    theirs = theirs.child(at: 0)
                }
                walk(mine, theirs, level: level, from: 0)
            }
        }
        add(Self.capacity(height: level), end)
    }
}

extension ContiguousArray {
    /// Whether `other` holds this very buffer, and so the same elements.
    func sharesBuffer(with other: ContiguousArray) -> Bool {
        count == other.count && withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
    }
}
