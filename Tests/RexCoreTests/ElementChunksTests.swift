@testable import RexCore
import Testing

/// The chunks inside `IdentifiedArray` once it is kept in copies: each path of growing and
/// shrinking (a leaf, a twig, a branch and a limb opened and closed), the elements taken out and put back
/// inside a leaf, and the gap closed after a removal.
@Suite("ElementChunks")
struct ElementChunksTests {
    /// How many elements a leaf, a twig, a branch and a limb hold.
    static let leaf = 1 << ElementChunks<Int>.leafShift
    static let twig = 1 << ElementChunks<Int>.twigShift
    static let branch = 1 << ElementChunks<Int>.branchShift
    static let limb = 1 << ElementChunks<Int>.limbShift

    /// The counts around each level's boundary: one short of a full leaf, twig, branch and limb,
    /// full, and one more.
    static let boundaries = [leaf, twig, branch, limb].flatMap { [$0 - 1, $0, $0 + 1] }

    @Test("Appending and removing the last element opens and closes leaves, twigs, branches and limbs, keeping the order")
    func growAndShrink() {
        let (leaf, limb, fanOut) = (Self.leaf, Self.limb, ElementChunks<Int>.fanOut)
        var chunks = ElementChunks<Int>([])
        for value in 0...(2 * limb) {
            chunks.append(value)
            if Self.boundaries.contains(value + 1) {
                chunks.checkInvariants()
            }
        }
        chunks.checkInvariants()
        #expect(chunks.limbs.count == 3 && chunks.limbs[2].count == 1 && chunks.limbs[2][0].count == 1)
        #expect(chunks.limbs[2][0][0].count == 1 && chunks.limbs[2][0][0][0].count == 1)
        #expect((0...(2 * limb)).allSatisfy { chunks[$0] == $0 })
        var copy = chunks
        while copy.count > limb {
            copy.removeLast()
        }
        copy.checkInvariants()
        #expect(copy.limbs.count == 1 && copy.limbs[0].count == fanOut)
        #expect(copy.removeLast() == limb - 1)
        copy.checkInvariants()
        let lastLimb = copy.limbs[0]
        let last = fanOut - 1
        #expect(lastLimb.count == fanOut && lastLimb[last].count == fanOut && lastLimb[last][last].count == fanOut && lastLimb[last][last][last].count == leaf - 1)
        #expect(chunks.count == 2 * limb + 1 && chunks[2 * limb] == 2 * limb, "the copy's removals left the original alone")
        while !copy.isEmptyChunks {
            copy.removeLast()
        }
        #expect(copy.limbs.isEmpty)
    }

    @Test("Built from a collection, the chunks hold its elements in order, for every count around the boundaries")
    func buildAroundBoundaries() {
        for count in [0, 1] + Self.boundaries {
            let chunks = ElementChunks(0..<count)
            chunks.checkInvariants()
            var seen: [Int] = []
            chunks.forEach { seen.append($0) }
            #expect(seen == Array(0..<count))
        }
    }

    @Test("A taken element is put back where it was, or its gap closed, in flat storage and in chunks")
    func takeRestoreAndCloseGap() {
        for chunked in [false, true] {
            for position in [0, Self.leaf - 1, Self.leaf, 300, 8_200, 8_999] {
                var storage = ElementStorage(ContiguousArray(0..<9_000))
                if chunked { storage.shareInChunks() }
                let taken = storage.take(at: position)
                #expect(taken == position)
                storage.restore(taken, at: position)
                #expect(storage.contiguous.elementsEqual(0..<9_000))

                _ = storage.take(at: position)
                storage.closeGap(at: position)
                #expect(storage.contiguous.elementsEqual((0..<9_000).filter { $0 != position }))
                #expect(storage.isChunked == chunked)
                storage.chunks?.checkInvariants()
            }
        }
    }

    @Test("Inserting and removing in the middle of chunks keeps the order and the chunks' shape")
    func insertAndRemoveInChunks() {
        var storage = ElementStorage(ContiguousArray(0..<300))
        storage.shareInChunks()
        storage.insert(-1, at: 100)
        storage.chunks?.checkInvariants()
        #expect(storage.remove(at: 100) == -1)
        #expect(storage.remove(at: 299) == 299)
        storage.append(299)
        storage.swapAt(0, 299)
        storage.chunks?.checkInvariants()
        var expected = Array(0..<300)
        expected.swapAt(0, 299)
        #expect(storage.contiguous.elementsEqual(expected))
    }

    @Test("Equal chunks compare equal whether or not they share their storage; a difference in one leaf is found")
    func equality() {
        var left = ElementChunks(0..<5_000)
        let right = ElementChunks(0..<5_000)
        #expect(left == right)
        let copy = left
        left[4_321] = 0
        #expect(left != copy && left != right)
        #expect(ElementStorage(ContiguousArray(0..<10)) == { var chunked = ElementStorage(ContiguousArray(0..<10)); chunked.shareInChunks(); return chunked }())
    }
}

extension ElementChunks {
    var isEmptyChunks: Bool { count == 0 }
}
