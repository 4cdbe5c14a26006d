/// The owner of an ``ElementChunks`` tree: the Swift object that values of the chunks share, so
/// that copying a value (an identified array in a kept state) is one retain, and the tree goes
/// when the last value holding it does.
///
/// It holds one share of the root node (see ``ChunkNode``), given up in `deinit`, which frees
/// the nodes no other tree shares.
///
/// Unchecked `Sendable` (for `Sendable` elements): `root` is changed only through a chunks value
/// that holds this tree alone (`isKnownUniquelyReferenced`, as an array's storage), and a value
/// being changed is not being read or copied by another thread at that moment; anyone else reads
/// the tree through a copy of the value, which makes it shared.
@usableFromInline
final class ChunkTree<Element> {
    /// The root node, an index node; changed only by a value that holds this tree alone.
    // Unchecked: a class's stored property is checked for exclusive access at run time, about
    // 50 instructions an access, and every access here is a holder's, as said above.
    @exclusivity(unchecked)
    @usableFromInline
    var root: ChunkNode<Element>

    /// Gives up the root's share: `ChunkNode.release()` compiled for the app's `Element`, made
    /// where the tree is (inlined into the app). The class's `deinit` is compiled once for any
    /// `Element`, and so would free the nodes through code that looks the element type up at
    /// run time.
    @usableFromInline
    let releaseRoot: @Sendable (ChunkNode<Element>) -> Void

    /// A tree holding `root` with the share the caller hands over.
    @inlinable
    init(root: ChunkNode<Element>) {
        self.root = root
        releaseRoot = { $0.release() }
    }

    deinit {
        releaseRoot(root)
    }
}

extension ChunkTree: @unchecked Sendable where Element: Sendable {}
