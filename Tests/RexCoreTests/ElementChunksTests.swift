@testable import RexCore
import Testing

/// The chunks inside `IdentifiedArray` once it is kept in copies: each path of growing and
/// shrinking (a leaf, a twig, a branch opened and closed), the elements taken out and put back
/// inside a leaf, and the gap closed after a removal.
@Suite("ElementChunks")
struct ElementChunksTests {
    @Test("Appending and removing the last element opens and closes leaves, twigs and branches, keeping the order")
    func growAndShrink() {
        var chunks = ElementChunks<Int>([])
        for value in 0..<8_200 {
            chunks.append(value)
            if value == 15 || value == 16 || value == 255 || value == 256 || value == 4_095 || value == 4_096 {
                chunks.checkInvariants()
            }
        }
        chunks.checkInvariants()
        #expect(chunks.branches.count == 3 && chunks.branches[2].count == 1 && chunks.branches[2][0].count == 1)
        #expect((0..<8_200).allSatisfy { chunks[$0] == $0 })
        var copy = chunks
        while copy.count > 4_096 {
            copy.removeLast()
        }
        copy.checkInvariants()
        #expect(copy.branches.count == 1 && copy.branches[0].count == 16)
        #expect(copy.removeLast() == 4_095)
        copy.checkInvariants()
        #expect(copy.branches[0].count == 16 && copy.branches[0][15].count == 16 && copy.branches[0][15][15].count == 15)
        #expect(chunks.count == 8_200 && chunks[8_199] == 8_199, "the copy's removals left the original alone")
        while !copy.isEmptyChunks {
            copy.removeLast()
        }
        #expect(copy.branches.isEmpty)
    }

    @Test("Built from a collection, the chunks hold its elements in order, for every count around the boundaries")
    func buildAroundBoundaries() {
        for count in [0, 1, 15, 16, 17, 255, 256, 257, 4_095, 4_096, 4_097] {
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
            for position in [0, 7, 15, 16, 300, 4_100, 4_199] {
                var storage = ElementStorage(ContiguousArray(0..<4_200))
                if chunked { storage.shareInChunks() }
                let taken = storage.take(at: position)
                #expect(taken == position)
                storage.restore(taken, at: position)
                #expect(storage.contiguous.elementsEqual(0..<4_200))

                _ = storage.take(at: position)
                storage.closeGap(at: position)
                #expect(storage.contiguous.elementsEqual((0..<4_200).filter { $0 != position }))
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
