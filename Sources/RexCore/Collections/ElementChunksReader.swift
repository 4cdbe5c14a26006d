/// Reads the elements of `ElementChunks<Element>` in code compiled for the app's `Element`, for
/// code compiled for any element type (a logger's field diff), where the chunks' subscript looks
/// up the types of its nodes at run time (about 2,000 instructions a read when the levels were
/// nested arrays), where a call to `read` costs tens.
///
/// One per element type, kept for the life of the process: the chunks' initializer, inlined into
/// the app, keeps it (``keep()``), so that `read` is the app's specialized code. A value of the
/// chunks carries nothing for it: copies of an identified array, which a store makes on its
/// turns, cost no more for it.
@usableFromInline
final class ElementChunksReader<Element>: Sendable {
    /// The element at a position of the chunks.
    @usableFromInline
    let read: @Sendable (ElementChunks<Element>, Int) -> Element

    @inlinable
    init() {
        read = ElementChunks<Element>.element(of:at:)
    }

    /// Keeps a reader for `Element` made here, unless one is kept already.
    ///
    /// - Complexity: A look-up under a lock.
    @inlinable
    static func keep() {
        _ = keptElementChunksReaders.value(for: Element.self) { ElementChunksReader() }
    }

    /// The reader kept for `Element` (one made in code compiled for any element type, when no
    /// initializer kept one).
    static var kept: ElementChunksReader {
        // The entry for `Element.self` is only ever made as an `ElementChunksReader<Element>`.
        keptElementChunksReaders.value(for: Element.self) { ElementChunksReader() } as! ElementChunksReader
    }
}

/// The readers kept, by element type.
@usableFromInline
let keptElementChunksReaders = TypeKeyedCache<AnyObject>()
