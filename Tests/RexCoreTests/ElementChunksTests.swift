@testable import RexCore
import Testing

/// The chunks inside `IdentifiedArray` once it is kept in copies: each path of growing and
/// shrinking (a leaf, a twig, a branch and a limb opened and closed), the elements taken out and put back
/// inside a leaf, and the gap closed after a removal.
@Suite("ElementChunks")
struct ElementChunksTests {
    @Test("Appending and removing the last element opens and closes leaves, twigs, branches and limbs, keeping the order")
    func growAndShrink() {
        var chunks = ElementChunks<Int>([])
        for value in 0..<16_385 {
            chunks.append(value)
            if [15, 16, 127, 128, 1_023, 1_024, 8_191, 8_192].contains(value) {
                chunks.checkInvariants()
            }
        }
        chunks.checkInvariants()
        #expect(chunks.limbs.count == 3 && chunks.limbs[2].count == 1 && chunks.limbs[2][0].count == 1)
        #expect(chunks.limbs[2][0][0].count == 1 && chunks.limbs[2][0][0][0].count == 1)
        #expect((0..<16_385).allSatisfy { chunks[$0] == $0 })
        var copy = chunks
        while copy.count > 8_192 {
            copy.removeLast()
        }
        copy.checkInvariants()
        #expect(copy.limbs.count == 1 && copy.limbs[0].count == 8)
        #expect(copy.removeLast() == 8_191)
        copy.checkInvariants()
        let lastLimb = copy.limbs[0]
        #expect(lastLimb.count == 8 && lastLimb[7].count == 8 && lastLimb[7][7].count == 8 && lastLimb[7][7][7].count == 15)
        #expect(chunks.count == 16_385 && chunks[16_384] == 16_384, "the copy's removals left the original alone")
        while !copy.isEmptyChunks {
            copy.removeLast()
        }
        #expect(copy.limbs.isEmpty)
    }

    @Test("Built from a collection, the chunks hold its elements in order, for every count around the boundaries")
    func buildAroundBoundaries() {
        for count in [0, 1, 15, 16, 17, 127, 128, 129, 1_023, 1_024, 1_025, 8_191, 8_192, 8_193] {
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
            for position in [0, 7, 15, 16, 300, 8_200, 8_999] {
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
