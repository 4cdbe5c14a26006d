extension ContiguousArray {
    /// Exchanges the elements at two positions by moving their memory.
    ///
    /// `MutableCollection.swapAt` copies each element through a temporary, retaining and
    /// releasing what it holds: about 140 instructions for an element holding a string, twice
    /// for each change of an identified array's element by id. A buffer's swap moves the bytes.
    ///
    /// Invariant: `i` and `j` are positions of the array (checked in debug builds); the buffer
    /// pointer is the array's own storage, made unique first (copy on write), and is used only
    /// inside the closure that lends it. The swap moves each element's bytes once, so no element
    /// is retained, released, lost or duplicated; with `i == j` nothing moves.
    @inlinable
    mutating func swapByMoving(_ i: Int, _ j: Int) {
        assert(indices.contains(i) && indices.contains(j), "swapByMoving: \(i) or \(j) is not a position of \(count) elements")
        withUnsafeMutableBufferPointer { $0.swapAt(i, j) }
    }
}
