@testable import RexCore
import Testing

/// White-box tests of `ChunkTree`, the object that owns an `ElementChunks` tree with its root in
/// its own memory: a new tree's empty root, a copy that shares the root's children, a change of
/// the copy leaving the original's leaf alone, the last of two trees freeing what only it held,
/// and a debug build stopping a share taken of a root.
@Suite("ChunkTree")
struct ChunkTreeTests {
    typealias Value = ChunkNodeTests.Value

    @Test("A new tree's root is an empty index node of the room asked for, in the tree's memory, held by its tree alone")
    func newTree() {
        let tree = ChunkTree<Value>.make(room: 8)
        tree.withRoot { root in
            #expect(root.isEmpty && root.room == 8 && root.isRoot && !root.isLeaf)
            #expect(ChunkNodeTests.owners(root) == 1 && root.isUnique)
        }
    }

    @Test("A tree's copy shares its root's children, a share more of each; the last of the two to go frees what only it held")
    func copyAndFree() {
        weak var first: Value?
        weak var second: Value?
        let leaves = [ChunkNodeTests.leaf(["a"]), ChunkNodeTests.leaf(["b"])]
        first = leaves[0][0]
        second = leaves[1][0]
        var original: ChunkTree<Value>? = ChunkTree.make(room: 4)
        original!.withRoot { root in leaves.forEach { root.append(child: $0) } }
        var copy: ChunkTree<Value>? = original!.copy()
        copy!.withRoot { root in
            #expect(root.count == 2 && root.isRoot && root.room == 4)
            #expect(root.child(at: 0).isSameNode(as: leaves[0]) && root.child(at: 1).isSameNode(as: leaves[1]))
        }
        #expect(leaves.allSatisfy { ChunkNodeTests.owners($0) == 2 })
        // A change of the copy: a leaf of its own for the first child, the original's left to it.
        copy!.withRoot { root in
            root.uniqueChild(at: 0).append(Value("c"))
            #expect(ChunkNodeTests.names(root.child(at: 0)) == ["a", "c"] && !root.child(at: 0).isSameNode(as: leaves[0]))
        }
        #expect(ChunkNodeTests.owners(leaves[0]) == 1 && ChunkNodeTests.names(leaves[0]) == ["a"], "the original's leaf, held by it alone, unchanged")
        original = nil
        #expect(ChunkNodeTests.owners(leaves[1]) == 1 && second != nil, "the copy still holds the second leaf")
        #expect(first != nil, "the copy's own leaf holds the first element")
        copy = nil
        #expect(first == nil && second == nil, "the last tree freed its leaves and their elements")
    }

    #if DEBUG
    // Only a share taken is tried: one given up would free memory that is not malloc's, and
    // stop the program with or without the check.
    @Test("A debug build stops a share of a tree's root taken: the root is its tree's alone")
    func rootShareStops() async {
        await #expect(processExitsWith: .failure) {
            let tree = ChunkTree<Int>.make(room: 8)
            tree.withRoot { $0.retain() }
        }
    }
    #endif
}
