import Foundation
@testable import RexCore
import RexTestSupport
import Testing

/// An identified array kept in copies while it changes, as a recorder, persistence, tests and
/// undo keep past states: every copy keeps its contents, the live array is right, and a change
/// copies only the chunk it touches.
@Suite("IdentifiedArray: kept copies")
struct IdentifiedArrayHistoryTests {
    static func rows(_ count: Int) -> IdentifiedArrayOf<Row> {
        IdentifiedArray(uniqueElements: (0..<count).map { Row(id: $0, title: "Row \($0)") })
    }

    /// The address of each leaf's elements, in order.
    static func leafAddresses(_ rows: IdentifiedArrayOf<Row>) -> [UnsafeRawPointer?] {
        guard let chunks = rows.values.chunks else { return [] }
        var addresses: [UnsafeRawPointer?] = []
        chunks.forEachLeaf { leaf in addresses.append(leaf.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }) }
        return addresses
    }

    @Test("A change while a copy is kept copies the one chunk it touches; the others stay shared")
    func changeCopiesOneChunk() {
        var live = Self.rows(10_000)
        #expect(!live.values.isChunked)
        live[id: 5]?.done = true  // no copy kept: changed in place, the storage stays flat
        #expect(!live.values.isChunked)

        let first = live
        live[id: 7_000]?.done = true
        #expect(live.values.isChunked)
        let second = live
        live[id: 7_001]?.title = "changed"
        let before = Self.leafAddresses(second)
        let after = Self.leafAddresses(live)
        let leafShift = ElementChunks<Row>.leafShift
        let leaves = (10_000 + (1 << leafShift) - 1) >> leafShift
        #expect(before.count == leaves && after.count == leaves)
        let changedLeaves = before.indices.filter { before[$0] != after[$0] }
        #expect(changedLeaves == [7_001 >> leafShift])

        #expect(first[id: 7_000]?.done == false && first[id: 5]?.done == true)
        #expect(second[id: 7_000]?.done == true && second[id: 7_001]?.title == "Row 7001")
        #expect(live[id: 7_001]?.title == "changed")
        #expect(first != second && second != live && first == Self.rows(10_000).changing(5))
    }

    @Test(
        "Against Array as a model, with copies kept and released at random: every copy keeps its contents, the live array is right",
        .disabled(if: ThreadSanitizer.isRunning, "single-threaded: nothing for the sanitizer to check, and minutes of its time")
    )
    func modelWithKeptCopies() async throws {
        // On a thread of its own: seconds of work (minutes under the thread sanitizer, where it is
        // disabled now), which on one of the tasks' two threads left the effect tests' tasks
        // waiting past their deadline.
        let seed = UInt64.random(in: 0...UInt64.max)
        if let failure = try await onOwnThread({ Self.runModelWithKeptCopies(seed: seed) }) {
            Issue.record(Comment(rawValue: failure))
        }
    }

    /// The model test's steps from `seed`; returns what diverged, if anything did.
    static func runModelWithKeptCopies(seed: UInt64) -> String? {
        var generator = SplitMix64(seed: seed)
        // Across a node's end (the root's second child ends at 8,192 elements), so that appends
        // and removals at the end open and close leaves and nodes (a level added and taken away
        // at the top is `ElementChunksTests`', at 32,768 elements).
        let idRange = 8_300
        var rows = Self.rows(8_190)
        var model = Array(rows)
        var kept: [(copy: IdentifiedArrayOf<Row>, contents: [Row])] = []
        for step in 0..<2_000 {
            let id = 8_000 + Int(generator.next() % UInt64(idRange - 8_000))
            let anyID = Int(generator.next() % UInt64(idRange))
            switch generator.next() % 10 {
            case 0:
                let row = Row(id: id, title: "\(step)")
                if rows.append(row).inserted { model.append(row) }
            case 1:
                // Removing at the end, mostly, where the chunks close; elsewhere now and then.
                let victim = generator.next() % 8 == 0 ? anyID : model.last?.id ?? 0
                guard rows.remove(id: victim) == model.firstIndex(where: { $0.id == victim }).map({ model.remove(at: $0) }) else {
                    return "remove(id:) diverged at step \(step), seed \(seed)"
                }
            case 2, 3:
                rows[id: anyID]?.done.toggle()
                if let position = model.firstIndex(where: { $0.id == anyID }) { model[position].done.toggle() }
            case 4 where !model.isEmpty:
                let position = Int(generator.next() % UInt64(model.count))
                rows[position].title += "!"
                model[position].title += "!"
            case 5:
                rows[id: anyID] = Row(id: anyID, title: "set \(step)")
                if let position = model.firstIndex(where: { $0.id == anyID }) {
                    model[position] = Row(id: anyID, title: "set \(step)")
                } else {
                    model.append(Row(id: anyID, title: "set \(step)"))
                }
            case 6 where generator.next() % 8 == 0:
                rows[id: anyID] = nil
                model.removeAll { $0.id == anyID }
            case 7 where model.count > 1:
                let (i, j) = (Int(generator.next() % UInt64(model.count)), Int(generator.next() % UInt64(model.count)))
                rows.swapAt(i, j)
                model.swapAt(i, j)
            case 8 where generator.next() % 16 == 0:
                let position = Int(generator.next() % UInt64(model.count + 1))
                let row = Row(id: id, title: "inserted \(step)")
                if rows.insert(row, at: position).inserted { model.insert(row, at: position) }
            default:
                break
            }
            if generator.next() % 3 == 0 {
                kept.append((rows, model))
            }
            if kept.count > 6 || (generator.next() % 4 == 0 && !kept.isEmpty) {
                let released = kept.remove(at: Int(generator.next() % UInt64(kept.count)))
                guard Self.holds(released.copy, released.contents) else {
                    return "a kept copy changed by step \(step), seed \(seed)"
                }
            }
            guard step % 20 == 0 || step == 1_999 else { continue }
            rows.values.chunks?.checkInvariants()
            guard rows.elements == model, rows.ids.elementsEqual(model.map(\.id)),
                  model.indices.allSatisfy({ rows.index(id: model[$0].id) == $0 && rows[$0] == model[$0] })
            else {
                return "diverged from the model at step \(step), seed \(seed)"
            }
        }
        guard rows.values.isChunked else { return "the array never moved into chunks, seed \(seed)" }
        guard kept.allSatisfy({ Self.holds($0.copy, $0.contents) }) else { return "a kept copy changed, seed \(seed)" }
        return nil
    }

    /// Whether `copy` holds `contents`: its elements, and, every seventh position and the last,
    /// the id there and the position its id is found at (the ids and their positions are shared
    /// between copies too, until one changes). Every seventh: under the thread sanitizer, the
    /// whole of both for every released copy doubled the test's time, beside tests that wait.
    static func holds(_ copy: IdentifiedArrayOf<Row>, _ contents: [Row]) -> Bool {
        let ids = copy.ids
        return copy.elements == contents && ids.count == contents.count
            && (Array(stride(from: 0, to: contents.count, by: 7)) + [contents.count - 1]).allSatisfy { (position: Int) in
                position < 0 || (ids[position] == contents[position].id && copy.index(id: contents[position].id) == position)
            }
    }

    @Test("Row projections call exactly the changed rows while every state is kept, in single turns and in batches longer than the changes a continued log carries")
    func rowsWithEveryStateKept() {
        let store = RowDomain.store(rows: 300)
        let rows = RowDomain.Rows(of: store, ids: 0..<300)
        let kept = Recorder<RowDomain.State>()
        let keeping = store.subscribe { kept.record($0) }
        for id in [3, 200, 3, 299] {
            let before = rows.counts
            rows.projections[id]!.dispatch(.toggle)
            #expect(rows.calls(since: before) == [id: 1])
        }
        // A batch of 40 changes, a state kept after each turn: one notification for the batch.
        let before = rows.counts
        store.dispatch(contentsOf: (0..<40).map { RowDomain.Action.row(ElementIDAction(id: $0 * 7, action: .rename("batch \($0)"))) })
        #expect(rows.calls(since: before) == Dictionary(uniqueKeysWithValues: (0..<40).map { ($0 * 7, 1) }))
        #expect((0..<40).allSatisfy { rows.projections[$0 * 7]!.state.title == "batch \($0)" })
        #expect(kept.values.count > 4 && kept.values.first!.rows[id: 3]?.done == false)
        withExtendedLifetime(keeping) {}
    }

    @Test("Copies read on other threads while the live array changes keep their contents (run under TSan in CI)")
    func copiesReadOnOtherThreads() async {
        var rows = Self.rows(5_000)
        var model = Array(rows)
        await withTaskGroup(of: Bool.self) { group in
            for step in 0..<400 {
                let id = (step &* 7_919) % 5_000
                rows[id: id]?.done.toggle()
                model[id].done.toggle()
                rows[id: (id + 1) % 5_000]?.title = "step \(step)"
                model[(id + 1) % 5_000].title = "step \(step)"
                if step % 10 == 0 {
                    let (copy, contents) = (rows, model)
                    group.addTask { copy.elements == contents && stride(from: 0, to: 5_000, by: 7).allSatisfy { copy[id: $0] == contents[$0] } }
                }
            }
            for await kept in group {
                #expect(kept)
            }
        }
        #expect(rows.elements == model)
    }
}

extension IdentifiedArrayOf<Row> {
    /// This array with the element of id `id` marked done.
    func changing(_ id: Int) -> Self {
        var copy = self
        copy[id: id]?.done = true
        return copy
    }
}
