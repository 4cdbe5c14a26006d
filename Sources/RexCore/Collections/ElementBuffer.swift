/// A buffer an identified array takes an element out of and puts it back into (see
/// `ElementStorage.take(at:)`): its flat `ContiguousArray`, or a leaf of its chunks.
///
/// A leaf is a handle: its methods change the node itself, whatever else holds it. The caller
/// hands in only a leaf it holds alone, with the path to it
/// (`ElementChunks.uniqueLeaf(containing:)`).
@usableFromInline
protocol ElementBuffer<Element> {
    associatedtype Element

    /// The position after the last element.
    var endIndex: Int { get }

    /// Exchanges the elements at two positions by moving their memory.
    mutating func swapByMoving(_ i: Int, _ j: Int)

    /// Removes the last element and returns it.
    @discardableResult
    mutating func removeLast() -> Element

    /// Adds an element at the end.
    mutating func append(_ element: Element)

    /// Removes the element at `position` and returns it; the elements after it come one closer.
    @discardableResult
    mutating func remove(at position: Int) -> Element
}

extension ContiguousArray: ElementBuffer {}

extension ChunkNode: ElementBuffer {}
