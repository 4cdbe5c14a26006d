import Foundation
@testable import RexCore
import RexTestSupport
import Testing

/// The chunked storage of an identified array, driven through the array's own operations with
/// copies kept: every copy keeps its contents (no node changed while shared), every value made
/// is released once when the last copy goes (none leaked, none destroyed twice), changes ended
/// by an error leave a value in place, a field diff finds every element that differs, and copies
/// read and changed on other threads are safe (run under the thread sanitizer).
@Suite("ChunkNode under an identified array")
struct ChunkNodeReviewTests {
    /// Counts the tokens alive: one leaked stays counted, one destroyed twice counts below zero.
    final class Census: @unchecked Sendable {  // `alive` is guarded by `lock`
        private let lock = NSLock()
        private var alive = 0

        func change(by delta: Int) {
            lock.lock()
            alive += delta
            lock.unlock()
        }

        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return alive
        }
    }

    /// A reference each element holds, counted by its census.
    final class Token: Sendable {
        let census: Census

        init(_ census: Census) {
            self.census = census
            census.change(by: 1)
        }

        deinit { census.change(by: -1) }
    }

    /// An element holding a reference, so that a value lost, doubled or kept alive shows.
    struct Item: Identifiable, Equatable, Sendable {
        let id: Int
        var title: String
        var token: Token

        static func == (lhs: Item, rhs: Item) -> Bool {
            lhs.id == rhs.id && lhs.title == rhs.title && lhs.token === rhs.token
        }
    }

    struct Stop: Error {}

    typealias Items = IdentifiedArrayOf<Item>

    static func items(_ ids: Range<Int>, census: Census) -> Items {
        IdentifiedArray(uniqueElements: ids.map { Item(id: $0, title: "Item \($0)", token: Token(census)) })
    }

    /// Changes `item`, then ends the access with an error.
    static func changeThenThrow(_ item: inout Item, title: String, token: Token) throws {
        item.title = title
        item.token = token
        throw Stop()
    }

    /// Sets `item` to `nil` (a removal by id), then ends the access with an error.
    static func removeThenThrow(_ item: inout Item?) throws {
        item = nil
        throw Stop()
    }

    /// One random operation of the array's API on `items` and on `model`, alike. (The changes
    /// ended by an error always throw; run on threads outside a test, so not `#expect`ed here.)
    static func step(
        _ step: Int, _ items: inout Items, _ model: inout [Item], _ generator: inout SplitMix64, census: Census, idRange: Int
    ) {
        func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(Swift.max(bound, 1))) }
        let anyID = random(idRange)
        func modelPosition(_ id: Int) -> Int? { model.firstIndex { $0.id == id } }
        switch random(16) {
        case 0, 1:
            // (Ids past `idRange`, taken at random: an id there already is not added, as by
            // the model.)
            let item = Item(id: idRange + random(1 << 30), title: "appended \(step)", token: Token(census))
            if items.append(item).inserted { model.append(item) }
        case 2:
            // Mostly at the end, where leaves and nodes close; elsewhere now and then.
            guard let last = model.last else { return }
            let victim = random(6) == 0 ? anyID : last.id
            let removed = items.remove(id: victim)
            let expected = modelPosition(victim).map { model.remove(at: $0) }
            precondition(removed == expected, "remove(id:) diverged at step \(step)")
        case 3:
            // Taken out of its leaf and put back (`take`/`restore`).
            items[id: anyID]?.title += "+"
            if let position = modelPosition(anyID) { model[position].title += "+" }
        case 4 where !model.isEmpty:
            // The subscript's `_modify`, down to the node's.
            let position = random(model.count)
            let token = Token(census)
            items[position].token = token
            model[position].token = token
        case 5:
            let item = Item(id: anyID, title: "set \(step)", token: Token(census))
            items[id: anyID] = item
            if let position = modelPosition(anyID) { model[position] = item } else { model.append(item) }
        case 6:
            // `closeGap`.
            items[id: anyID] = nil
            model.removeAll { $0.id == anyID }
        case 7 where model.count > 1:
            let (i, j) = (random(model.count), random(model.count))
            items.swapAt(i, j)
            model.swapAt(i, j)
        case 8 where random(4) == 0:
            let position = random(model.count + 1)
            let item = Item(id: idRange + random(1 << 30), title: "inserted \(step)", token: Token(census))
            if items.insert(item, at: position).inserted { model.insert(item, at: position) }
        case 9 where !model.isEmpty:
            // A change by position ended by an error.
            let position = random(model.count)
            let token = Token(census)
            _ = try? changeThenThrow(&items[position], title: "thrown \(step)", token: token)
            model[position].title = "thrown \(step)"
            model[position].token = token
        case 10:
            // A change by id ended by an error: the element is taken, changed, put back.
            let token = Token(census)
            guard items.contains(id: anyID) else { return }
            _ = try? changeThenThrow(&items[id: anyID]!, title: "thrown by id \(step)", token: token)
            model[modelPosition(anyID)!].title = "thrown by id \(step)"
            model[modelPosition(anyID)!].token = token
        case 11:
            // A removal by id ended by an error.
            _ = try? removeThenThrow(&items[id: anyID])
            model.removeAll { $0.id == anyID }
        case 12:
            // What a lift to an identified array calls: `ElementStorage.update(at:)`.
            items.updateElement(id: anyID) { $0.title += "u" }
            if let position = modelPosition(anyID) { model[position].title += "u" }
        case 13 where random(20) == 0:
            items.reverse()
            model.reverse()
        case 14 where random(30) == 0:
            items.sort { $0.title < $1.title || ($0.title == $1.title && $0.id < $1.id) }
            model.sort { $0.title < $1.title || ($0.title == $1.title && $0.id < $1.id) }
        case 15:
            // Appended and removed at once across a leaf's end.
            for offset in 0..<3 {
                let item = Item(id: idRange + random(1 << 30), title: "run \(offset)", token: Token(census))
                if items.append(item).inserted { model.append(item) }
            }
            for _ in 0..<random(5) where !model.isEmpty {
                _ = items.remove(at: items.count - 1)
                model.removeLast()
            }
        default:
            break
        }
    }

    /// What went wrong in `items` against `model`, if anything; `thorough` also reads each
    /// element by its id and walks the chunks.
    static func mismatch(_ items: Items, _ model: [Item], thorough: Bool = true) -> String? {
        if items.count != model.count { return "count \(items.count), model \(model.count)" }
        if items.elements != model { return "elements differ" }
        guard thorough else { return nil }
        items.values.chunks?.checkInvariants()
        var seen: [Item] = []
        items.values.chunks?.forEach { seen.append($0) }
        if items.values.isChunked && seen != model { return "forEach differs" }
        if !items.ids.elementsEqual(model.map(\.id)) { return "ids differ" }
        if let position = model.indices.first(where: { items.index(id: model[$0].id) != $0 || items[$0] != model[$0] }) {
            return "position \(position) differs"
        }
        return nil
    }

    /// What the field diff's walk got wrong between `before` and `after`, against their models.
    static func diffMismatch(_ before: Items, _ beforeModel: [Item], _ after: Items, _ afterModel: [Item]) -> String? {
        let ranges = before.values.positionsThatMayDiffer(from: after.values)
        let differing = before.values.elementsThatDiffer(from: after.values, in: ranges)
        let positions = differing.map(\.position)
        if positions != positions.sorted() || Set(positions).count != positions.count { return "positions not increasing" }
        let reported = Set(positions)
        for position in 0..<Swift.max(beforeModel.count, afterModel.count) {
            let old = position < beforeModel.count ? beforeModel[position] : nil
            let new = position < afterModel.count ? afterModel[position] : nil
            if old != new && !reported.contains(position) { return "position \(position) differs but is not reported" }
        }
        for (position, old, new) in differing {
            let expectedOld = position < beforeModel.count ? beforeModel[position] : nil
            let expectedNew = position < afterModel.count ? afterModel[position] : nil
            if old.map({ $0 as! Item }) != expectedOld || new.map({ $0 as! Item }) != expectedNew {
                return "position \(position) reported with the wrong elements"
            }
        }
        return nil
    }

    /// The model test's steps from `seed`, with copies kept and released at random; returns
    /// what diverged, if anything did.
    static func runModel(seed: UInt64, census: Census) -> String? {
        var generator = SplitMix64(seed: seed)
        // Across a node's end (the root's second child ends at 8,192 elements), so that appends and
        // removals at the end open and close leaves and nodes (a level gained and lost at the top
        // is `ElementChunksTests`', at 32,768 elements: here, every step would copy that many).
        let idRange = 8_300
        var items = items(0..<8_186, census: census)
        var model = Array(items)
        var kept: [(copy: Items, contents: [Item])] = []
        for index in 0..<300 {
            step(index, &items, &model, &generator, census: census, idRange: idRange)
            if generator.next() % 3 == 0 {
                kept.append((items, model))
            }
            if kept.count > 6 || (generator.next() % 4 == 0 && !kept.isEmpty) {
                let released = kept.remove(at: Int(generator.next() % UInt64(kept.count)))
                if let failure = mismatch(released.copy, released.contents, thorough: false) {
                    return "a kept copy changed by step \(index) (\(failure)), seed \(seed)"
                }
                if let failure = diffMismatch(released.copy, released.contents, items, model) {
                    return "field diff: \(failure), step \(index), seed \(seed)"
                }
                if (released.copy == items) != (released.contents == model) {
                    return "== disagrees with the model, step \(index), seed \(seed)"
                }
            }
            guard index % 50 == 0 else { continue }
            if let failure = mismatch(items, model) { return "live: \(failure), step \(index), seed \(seed)" }
            for (copy, contents) in kept {
                if let failure = mismatch(copy, contents) { return "a kept copy changed by step \(index) (\(failure)), seed \(seed)" }
            }
        }
        if let failure = mismatch(items, model) { return "live at the end: \(failure), seed \(seed)" }
        guard items.values.isChunked else { return "never in chunks, seed \(seed)" }
        return nil
    }

    @Test(
        "Against Array as a model, elements holding references, copies kept: every copy keeps its contents, the field diff finds every difference, and every reference is released once at the end",
        .disabled(if: ThreadSanitizer.isRunning, "single-threaded: nothing for the sanitizer to check, and minutes of its time")
    )
    func modelWithReferences() async throws {
        for seed in [1, UInt64.random(in: 0...UInt64.max)] {
            let census = Census()
            let failure = try await onOwnThread { Self.runModel(seed: seed, census: census) }
            if let failure { Issue.record(Comment(rawValue: failure)) }
            #expect(census.count == 0, "tokens alive after every array went: \(census.count), seed \(seed)")
        }
    }

    @Test("A change ended by an error, by position, by id and through a lift's update, leaves the changed value in place and the kept copy as it was")
    func changesEndedByAnError() {
        let census = Census()
        do {
            var items = Self.items(0..<300, census: census)
            let kept = items
            items[id: 0]?.title = "chunked"  // a copy is kept: into chunks
            #expect(items.values.isChunked)
            let keptAfter = items
            let (first, second) = (Token(census), Token(census))
            #expect(throws: Stop.self) { try Self.changeThenThrow(&items[17], title: "by position", token: first) }
            #expect(throws: Stop.self) { try Self.changeThenThrow(&items[id: 290]!, title: "by id", token: second) }
            #expect(throws: Stop.self) {
                try items.values.update(at: 33) { (item: inout Item) throws in
                    item.title = "by update"
                    throw Stop()
                }
            }
            #expect(throws: Stop.self) { try Self.removeThenThrow(&items[id: 100]) }
            #expect(items[17].title == "by position" && items[17].token === first)
            #expect(items[id: 290]?.title == "by id" && items[id: 290]?.token === second)
            #expect(items[33].title == "by update")
            #expect(items[id: 100] == nil && items.count == 299 && items.ids.elementsEqual((0..<300).filter { $0 != 100 }))
            #expect(kept.elements.enumerated().allSatisfy { $0.element.title == "Item \($0.offset)" })
            #expect(keptAfter.elements.dropFirst().enumerated().allSatisfy { $0.element.title == "Item \($0.offset + 1)" })
            #expect(census.count == 302)
        }
        #expect(census.count == 0)
    }

    @Test("Copies read and changed on other threads while the live array grows past a node, shrinks and changes keep their contents (run under TSan)")
    func copiesOnOtherThreads() async throws {
        // On threads of their own, not the tasks' (two on a two-core machine): minutes of work
        // under the thread sanitizer there left other tests' tasks waiting past their deadlines.
        let census = Census()
        let seed = UInt64.random(in: 0...UInt64.max)
        let failures = try await onOwnThread { () -> [String] in
            let idRange = 8_300
            var items = Self.items(0..<8_156, census: census)
            var model = Array(items)
            var generator = SplitMix64(seed: seed)
            var previous: (Items, [Item])?
            let failures = Recorder<String>()
            // One thread of readers beside this one: what the sanitizer needs to see copies read
            // while the live array changes, without a thread for each copy (under the sanitizer,
            // a hundred threads of this work took minutes).
            let readers = DispatchQueue(label: "ChunkNodeReviewTests.readers")
            for index in 0..<240 {
                Self.step(index, &items, &model, &generator, census: census, idRange: idRange)
                if index < 60 {
                    // Across the root's second child's end: a child opens while copies share it.
                    let item = Item(id: -1 - index, title: "grown", token: Token(census))
                    items.append(item)
                    model.append(item)
                }
                guard index % 8 == 0 else { continue }
                let (copy, contents) = (items, model)
                let (earlier, earlierContents) = previous ?? (copy, contents)
                previous = (copy, contents)
                let changes = generator.next()
                readers.async {
                    Self.readAndChange(copy, contents, after: earlier, earlierContents, changes: changes, census: census, idRange: idRange).map(failures.record)
                }
            }
            readers.sync {}
            if let failure = Self.mismatch(items, model) { failures.record("live: \(failure)") }
            return failures.values.map { "\($0), seed \(seed)" }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(census.count == 0)
    }

    /// What a copy read on another thread goes through: its contents, the field diff from the
    /// copy before it (what a logger does on its own thread), and changes made there while the
    /// live array and other copies share its nodes. What went wrong, if anything did.
    static func readAndChange(_ copy: Items, _ contents: [Item], after earlier: Items, _ earlierContents: [Item], changes: UInt64, census: Census, idRange: Int) -> String? {
        if let failure = mismatch(copy, contents) { return "read on another thread: \(failure)" }
        if let failure = diffMismatch(earlier, earlierContents, copy, contents) { return "field diff on another thread: \(failure)" }
        var mine = copy, mineModel = contents
        var local = SplitMix64(seed: changes)
        for step in 0..<20 {
            Self.step(step, &mine, &mineModel, &local, census: census, idRange: idRange)
        }
        if let failure = mismatch(mine, mineModel) { return "changed on another thread: \(failure)" }
        if let failure = mismatch(copy, contents) { return "changed by its copy: \(failure)" }
        return nil
    }

    @Test("One copy changed on several threads at once: each change copies the nodes it shares, and the copy is left as it was (run under TSan)")
    func oneCopyChangedOnSeveralThreads() async throws {
        let census = Census()
        var items = Self.items(0..<1_000, census: census)
        let earlier = items
        items[id: 999]?.title = "chunked"
        let (shared, contents) = (items, Array(items))
        let failures = try await onOwnThread { () -> [String] in
            let failures = Recorder<String>()
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                var mine = shared, mineModel = contents
                var generator = SplitMix64(seed: UInt64(thread))
                for step in 0..<60 {
                    Self.step(step, &mine, &mineModel, &generator, census: census, idRange: 1_000)
                }
                Self.mismatch(mine, mineModel).map { failures.record("thread \(thread): \($0)") }
                Self.mismatch(shared, contents).map { failures.record("the shared copy changed: \($0)") }
            }
            return failures.values
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        withExtendedLifetime(earlier) {}
    }

    /// A group of items: an identified array inside an identified array's element.
    struct Group: Identifiable, Equatable, Sendable {
        let id: Int
        var items: Items
    }

    @Test("Identified arrays inside an identified array's elements, with copies kept of both: a change through the outer array's element reaches the inner one without changing any copy")
    func nestedArraysWithKeptCopies() async throws {
        let census = Census()
        let outcome = try await onOwnThread { Self.runNested(census: census) }
        #expect(outcome.live && outcome.kept && outcome.keptInner && outcome.chunked)
        #expect(census.count == 0)
    }

    /// The nested test's steps: whether the live arrays, the kept copies of the outer and of
    /// the inner arrays are what the model says, and whether both levels went into chunks.
    static func runNested(census: Census) -> (live: Bool, kept: Bool, keptInner: Bool, chunked: Bool) {
        do {
            var generator = SplitMix64(seed: UInt64.random(in: 0...UInt64.max))
            func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
            var groups = IdentifiedArray(uniqueElements: (0..<20).map { Group(id: $0, items: Self.items($0 * 1_000..<$0 * 1_000 + 300, census: census)) })
            var model = (0..<20).map { Array(groups[$0].items) }
            var kept: [(copy: IdentifiedArrayOf<Group>, contents: [[Item]])] = []
            var keptInner: [(copy: Items, contents: [Item])] = []
            for step in 0..<300 {
                let group = random(20)
                let position = random(model[group].count)
                let id = model[group][position].id
                switch random(6) {
                case 0:
                    groups[id: group]?.items[id: id]?.title += "+"
                    model[group][position].title += "+"
                case 1:
                    let token = Token(census)
                    groups[group].items[position].token = token
                    model[group][position].token = token
                case 2:
                    let item = Item(id: group * 1_000 + 500 + step, title: "new", token: Token(census))
                    groups[id: group]?.items.append(item)
                    model[group].append(item)
                case 3:
                    groups[id: group]?.items.remove(id: id)
                    model[group].remove(at: position)
                case 4:
                    let other = random(model[group].count)
                    groups[group].items.swapAt(position, other)
                    model[group].swapAt(position, other)
                default:
                    groups[id: group]?.items.updateElement(id: id) { $0.title += "u" }
                    model[group][position].title += "u"
                }
                if random(3) == 0 { kept.append((groups, model)) }
                if random(5) == 0 { keptInner.append((groups[group].items, model[group])) }
                if kept.count > 5 { kept.remove(at: random(kept.count)) }
                if keptInner.count > 5 { keptInner.remove(at: random(keptInner.count)) }
            }
            return (
                live: groups.elements.map { $0.items.elements } == model,
                kept: kept.allSatisfy { $0.copy.elements.map { $0.items.elements } == $0.contents },
                keptInner: keptInner.allSatisfy { $0.copy.elements == $0.contents },
                chunked: groups.values.isChunked && groups.elements.contains { $0.items.values.isChunked }
            )
        }
    }

    @Test("Reading past the end of the last leaf stops the program rather than read a slot that holds no value")
    func readPastTheLastLeafStops() async {
        await #expect(processExitsWith: .failure) {
            var items: IdentifiedArrayOf<Row> = IdentifiedArray(uniqueElements: (0..<17).map { Row(id: $0, title: "\($0)") })
            let kept = items
            items[id: 0]?.done = true  // into chunks: 17 elements, the last leaf holds one
            precondition(items.values.isChunked)
            _ = items[20]  // in the last leaf's room, past its one element
            withExtendedLifetime(kept) {}
        }
        await #expect(processExitsWith: .failure) {
            let chunks = ElementChunks(0..<17)
            _ = chunks[-1]
        }
        // In a full tree, every masked index finds a child: the position itself is checked.
        await #expect(processExitsWith: .failure) {
            let chunks = ElementChunks(0..<ElementChunks<Int>.capacity(height: ElementChunks<Int>.minimumHeight))
            _ = chunks[-1]
        }
        await #expect(processExitsWith: .failure) {
            var chunks = ElementChunks(0..<100)
            chunks[ElementChunks<Int>.capacity(height: ElementChunks<Int>.minimumHeight) + 3] = 0
        }
    }
}
