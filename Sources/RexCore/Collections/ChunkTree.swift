/// The owner of an ``ElementChunks`` tree: the Swift object that values of the chunks share, so
/// that copying a value (an identified array in a kept state) is one retain, and the tree goes
/// when the last value holding it does.
///
/// The root node lies in the object's own memory, after its header: a ``ChunkNode`` of kind
/// `root`, laid out as any index node, whose one share is the tree's for its whole life. A
/// change after a kept copy copies the tree and its root in one allocation, and the kept copy's
/// free frees them in one (a root of its own in `malloc`'s memory cost W15 a `malloc`, a `free`
/// and their bookkeeping a turn more: see Docs/Performance.md). The root is reached only inside
/// ``withRoot(_:)``: a `ManagedBuffer`'s elements may be used only inside the closure it hands
/// them to. The nodes below it are `malloc`'s, held by shares, and may be handed out.
///
/// `deinit` gives up the root's shares of its children, which frees the nodes no other tree
/// shares.
@usableFromInline
final class ChunkTree<Element>: ManagedBuffer<ChunkTreeHeader<Element>, Int> {
    /// A tree whose root has no children and room for `room`.
    ///
    /// - Complexity: O(1).
    @inlinable
    static func make(room: Int) -> ChunkTree {
        let words = ChunkNode<Element>.byteCount(room: room, kind: .root) / MemoryLayout<Int>.stride
        let made = create(minimumCapacity: words) { _ in
            // Made here, inlined into the app: see `ChunkTreeHeader`.
            ChunkTreeHeader(releaseRoot: { $0.releaseValues() })
        }
        // `create` makes an instance of the class it is called on.
        let tree = unsafeDowncast(made, to: ChunkTree.self)
        tree.withUnsafeMutablePointerToElements { words in
            _ = ChunkNode<Element>.initialize(UnsafeMutableRawPointer(words), room: room, kind: .root)
        }
        return tree
    }

    /// A tree of its own whose root holds this root's children, a share taken of each.
    ///
    /// - Complexity: O(the root's children).
    @inlinable
    func copy() -> ChunkTree {
        withRoot { root in
            let copy = ChunkTree.make(room: root.room)
            copy.withRoot { root.copyValues(into: $0) }
            return copy
        }
    }

    /// Calls `body` with the root and returns what it returns. The root's handle is valid only
    /// inside `body`; the handles of the nodes below it, while a share of them is held.
    @inlinable @inline(__always)
    func withRoot<Result>(_ body: (ChunkNode<Element>) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointerToElements { words in
            try body(ChunkNode(UnsafeMutableRawPointer(words)))
        }
    }

    deinit {
        withUnsafeMutablePointers { header, words in
            header.pointee.releaseRoot(ChunkNode(UnsafeMutableRawPointer(words)))
        }
    }
}

/// What a ``ChunkTree`` keeps before its root.
@usableFromInline
struct ChunkTreeHeader<Element> {
    /// Gives up the root's shares of its children: `ChunkNode.releaseValues()` compiled for the
    /// app's `Element`, made where the tree is (inlined into the app). The class's `deinit` is
    /// compiled once for any `Element`, and so would free the nodes through code that looks the
    /// element type up at run time.
    @usableFromInline
    let releaseRoot: @Sendable (ChunkNode<Element>) -> Void

    @inlinable
    init(releaseRoot: @escaping @Sendable (ChunkNode<Element>) -> Void) {
        self.releaseRoot = releaseRoot
    }
}
