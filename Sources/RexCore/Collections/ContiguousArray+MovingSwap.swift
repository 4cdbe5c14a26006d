extension ContiguousArray {
    /// Exchanges the elements at two positions by moving their memory.
    ///
    /// `MutableCollection.swapAt` copies each element through a temporary, retaining and
    /// releasing what it holds: about 140 instructions for an element holding a string, twice
    /// for each change of an identified array's element by id. A buffer's swap moves the bytes.
    @inlinable
    mutating func swapByMoving(_ i: Int, _ j: Int) {
        withUnsafeMutableBufferPointer { $0.swapAt(i, j) }
    }
}
