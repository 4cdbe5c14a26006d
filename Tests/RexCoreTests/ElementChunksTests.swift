@testable import RexCore
import RexTestSupport
import Testing

/// The chunks inside `IdentifiedArray` once it is kept in copies: each path of growing and
/// shrinking (a leaf and a node of each level opened and closed, a level added at the top and
/// taken away), the elements taken out and put back inside a leaf, and the gap closed after a
/// removal.
@Suite("ElementChunks")
struct ElementChunksTests {
    typealias Chunks = ElementChunks<Int>

    /// How many elements a leaf holds.
    static let leaf = 1 << Chunks.leafShift
    /// How many elements a full node of level 1, 2, 3 and 4 holds: the last, a full tree of the
    /// fewest levels.
    static let full = (1...4).map { Chunks.capacity(height: $0) }

    /// The counts around each level's boundary: one short of a full leaf and of a full node of
    /// each level, full, and one more.
    static let boundaries = ([leaf] + full).flatMap { [$0 - 1, $0, $0 + 1] }

    /// The counts of the nodes at the end of each level, from the root down, and the last leaf.
    static func lastPath(_ chunks: Chunks) -> (counts: [Int], leaf: Chunks.Leaf) {
        chunks.withRoot { root in
            var nodes = [root]
            for _ in 1..<chunks.height {
                nodes.append(nodes.last!.child(at: nodes.last!.count - 1))
            }
            return (nodes.map(\.count), nodes.last!.child(at: nodes.last!.count - 1))
        }
    }

    /// The number of children of the root.
    static func rootCount<Element>(_ chunks: ElementChunks<Element>) -> Int {
        chunks.withRoot(\.count)
    }

    @Test("Appending and removing the last element opens and closes leaves and nodes, adds and takes away levels at the top, keeping the order")
    func growAndShrink() {
        let (leaf, fanOut, four) = (Self.leaf, Chunks.fanOut, Self.full[3])
        var chunks = Chunks([])
        #expect(chunks.height == Chunks.minimumHeight && Self.rootCount(chunks) == 0)
        for value in 0...four {
            chunks.append(value)
            if Self.boundaries.contains(value + 1) {
                chunks.checkInvariants()
            }
        }
        chunks.checkInvariants()
        // 32,769 elements: a level more than 32,768 take, its root with two children, the second
        // holding one element at the end of one node a level.
        #expect(chunks.height == 5 && Self.rootCount(chunks) == 2)
        let grown = Self.lastPath(chunks)
        #expect(grown.counts.dropFirst().allSatisfy { $0 == 1 } && grown.leaf.count == 1)
        #expect((0...four).allSatisfy { chunks[$0] == $0 })
        var copy = chunks
        copy.removeLast()
        copy.checkInvariants()
        #expect(copy.height == 4 && Self.rootCount(copy) == fanOut, "back to 32,768 elements: the level added is taken away")
        #expect(copy.removeLast() == four - 1)
        copy.checkInvariants()
        let shrunk = Self.lastPath(copy)
        #expect(shrunk.counts.allSatisfy { $0 == fanOut } && shrunk.leaf.count == leaf - 1)
        #expect(chunks.count == four + 1 && chunks[four] == four, "the copy's removals left the original alone")
        while copy.count > 0 {
            copy.removeLast()
            if Self.boundaries.contains(copy.count) {
                copy.checkInvariants()
            }
        }
        copy.checkInvariants()
        #expect(copy.height == Chunks.minimumHeight && Self.rootCount(copy) == 0)
        chunks.checkInvariants()
        #expect(Self.elements(chunks) == Array(0...four), "the copy's changes left the original whole")
    }

    @Test("Two chunks of one history, of different heights, differ only where one changed and where the taller goes on")
    func positionsThatMayDifferAcrossHeights() {
        let four = Self.full[3]
        let short = Chunks(0..<four)
        var tall = short
        tall.append(four)
        tall.append(four + 1)
        tall[10] = -1
        tall[four - 1] = -1
        #expect(short.height == 4 && tall.height == 5)
        for (mine, theirs) in [(tall, short), (short, tall)] {
            var ranges: [Range<Int>] = []
            mine.appendPositionsThatMayDiffer(from: theirs, into: &ranges)
            #expect(ranges == [8..<16, (four - 8)..<(four + 2)], "the last leaf both have and what only the taller has: one range")
        }
        #expect((0..<four).allSatisfy { short[$0] == $0 }, "the grown copy left the kept one alone")
        var same: [Range<Int>] = []
        tall.appendPositionsThatMayDiffer(from: tall, into: &same)
        #expect(same.isEmpty)
    }

    /// The elements of `chunks`, in order.
    static func elements(_ chunks: Chunks) -> [Int] {
        var elements: [Int] = []
        elements.reserveCapacity(chunks.count)
        chunks.forEach { elements.append($0) }
        return elements
    }

    @Test("Against an array as a model, appends, removals at the end and changes across a full tree's end, copies kept and let go: every copy keeps its contents, == agrees, the tree keeps its shape")
    func randomAcrossALevel() {
        let four = Self.full[3]
        for seed in [1, UInt64.random(in: 0...UInt64.max)] {
            var generator = SplitMix64(seed: seed)
            var chunks = Chunks(0..<(four - 100))
            var model = Array(0..<(four - 100))
            var kept: [(copy: Chunks, contents: [Int])] = []
            var heights: Set<Int> = []
            for step in 0..<400 {
                // Growing for the first half, shrinking for the second: across 32,768 both ways.
                let growing = step < 200
                let roll = Int(generator.next() % 10)
                let times = 1 + Int(generator.next() % 8)
                if roll < (growing ? 6 : 2) {
                    for _ in 0..<times {
                        chunks.append(step)
                        model.append(step)
                    }
                } else if roll < 8 {
                    for _ in 0..<min(times, model.count) {
                        #expect(chunks.removeLast() == model.removeLast())
                    }
                } else if !model.isEmpty {
                    let position = Int(generator.next() % UInt64(model.count))
                    chunks[position] = -step
                    model[position] = -step
                }
                heights.insert(chunks.height)
                if generator.next() % 4 == 0 {
                    kept.append((chunks, model))
                }
                if kept.count > 6 {
                    let released = kept.removeFirst()
                    #expect(Self.elements(released.copy) == released.contents, "a kept copy changed by step \(step), seed \(seed)")
                    #expect((released.copy == chunks) == (released.contents == model), "== disagrees at step \(step), seed \(seed)")
                }
            }
            while chunks.count >= four {
                #expect(chunks.removeLast() == model.removeLast())
            }
            chunks.checkInvariants()
            #expect(Self.elements(chunks) == model, "seed \(seed)")
            #expect(kept.allSatisfy { Self.elements($0.copy) == $0.contents }, "seed \(seed)")
            #expect(heights.contains(5) && chunks.height == 4, "the tree gained a level and lost it: \(heights), seed \(seed)")
        }
    }

    /// Counts the elements alive: made, and not yet freed.
    final class Census {
        var alive = 0
    }

    /// An element that counts itself in a census while it lives.
    final class Counted {
        let value: Int
        let census: Census

        init(_ value: Int, census: Census) {
            self.value = value
            self.census = census
            census.alive += 1
        }

        deinit {
            census.alive -= 1
        }
    }

    @Test(
        "Elements holding references, across a level added and taken away, with copies kept at each shape of the tree and let go in each order: every copy keeps its contents, and once all go, every element is freed",
        arguments: [false, true]
    )
    func sharesAcrossGrowthAndShrinking(lettingGoOldestFirst: Bool) {
        let census = Census()
        do {
            let four = Self.full[3]
            var chunks = ElementChunks<Counted>((0..<(four - 2)).map { Counted($0, census: census) })
            var kept: [(copy: ElementChunks<Counted>, contents: [Int])] = []
            func keep() {
                var contents: [Int] = []
                chunks.forEach { contents.append($0.value) }
                kept.append((chunks, contents))
            }
            keep()
            // Grown by a level (kept: the tree shared when it grows), changed at both ends, and
            // shrunk back (kept: shared when it shrinks).
            for value in (four - 2)..<(four + 3) {
                chunks.append(Counted(value, census: census))
                keep()
            }
            #expect(chunks.height == 5)
            chunks[0] = Counted(-1, census: census)
            chunks[four + 2] = Counted(-2, census: census)
            keep()
            for _ in 0..<5 {
                chunks.removeLast()
                keep()
            }
            #expect(chunks.height == 4)
            chunks[5] = Counted(-3, census: census)
            chunks.checkInvariants()
            while !kept.isEmpty {
                let copy = lettingGoOldestFirst ? kept.removeFirst() : kept.removeLast()
                var contents: [Int] = []
                copy.copy.forEach { contents.append($0.value) }
                #expect(contents == copy.contents, "a kept copy changed")
                copy.copy.checkInvariants()
            }
            #expect(chunks[5].value == -3 && chunks[0].value == -1 && chunks.count == four - 2)
        }
        #expect(census.alive == 0, "every element is freed once the chunks and their copies go: \(census.alive) left")
    }

    @Test("Elements holding references, across a level added and taken away with no copy kept: the root takes its one child's children and the child goes, every element freed at the end")
    func growAndShrinkHeldAlone() {
        let census = Census()
        do {
            let four = Self.full[3]
            var chunks = ElementChunks<Counted>((0..<four).map { Counted($0, census: census) })
            for value in four..<(four + 3) {
                chunks.append(Counted(value, census: census))
            }
            #expect(chunks.height == 5 && Self.rootCount(chunks) == 2)
            for _ in 0..<3 {
                chunks.removeLast()
            }
            chunks.checkInvariants()
            #expect(chunks.height == 4 && Self.rootCount(chunks) == Chunks.fanOut)
            #expect(census.alive == four, "the three removed are freed")
            var values: [Int] = []
            chunks.forEach { values.append($0.value) }
            #expect(values == Array(0..<four))
        }
        #expect(census.alive == 0, "every element is freed once the chunks go: \(census.alive) left")
    }

    @Test("Built from a collection, the chunks hold its elements in order, for every count around the boundaries")
    func buildAroundBoundaries() {
        for count in [0, 1] + Self.boundaries {
            let chunks = ElementChunks(0..<count)
            chunks.checkInvariants()
            #expect(Self.elements(chunks) == Array(0..<count))
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
