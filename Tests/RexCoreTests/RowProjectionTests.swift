import Foundation
import RexCore
import RexTestSupport
import Testing

/// A list in a store, changed by row actions or by any edit of the array, with row projections.
enum RowDomain {
    enum RowAction: Equatable, Sendable {
        case toggle
        case rename(String)
    }

    enum Action: Sendable {
        case row(ElementIDAction<Int, RowAction>)
        case edit(@Sendable (inout IdentifiedArrayOf<Row>) -> Void)

        var row: ElementIDAction<Int, RowAction>? {
            if case .row(let action) = self { return action }
            return nil
        }
    }

    struct State: Sendable {
        var rows: IdentifiedArrayOf<Row>
    }

    struct RowView: Equatable, Sendable {
        let title: String
        let done: Bool
    }

    static let rowReducer = Reducer<RowAction, Row>.reduce { action, row in
        switch action {
        case .toggle: row.done.toggle()
        case .rename(let title): row.title = title
        }
    }

    static let reducer = rowReducer.liftToCollection(action: \Action.row, stateCollection: \State.rows)
        <> Reducer<Action, State>.reduce { action, state in
            if case .edit(let edit) = action { edit(&state.rows) }
        }

    final class Store: ReduxStoreBase<Action, State>, @unchecked Sendable {}

    static func store(rows count: Int) -> Store {
        Store(initialState: State(rows: IdentifiedArray(uniqueElements: (0..<count).map { Row(id: $0, title: "row \($0)") })), reducer: reducer)
    }

    /// Row projections of every id in the store, each recording what it is called with; the
    /// mapping counts its calls in `mappings`.
    final class Rows: @unchecked Sendable {  // `mappingCount` is guarded by `lock`; the rest is set up in `init`, then only read
        let lock = NSLock()
        var mappingCount = 0
        var received: [Int: Recorder<RowView>] = [:]
        var projections: [Int: StoreProjection<RowAction, RowView>] = [:]
        var tokens: [SubscriptionToken] = []

        var mappings: Int { lock.withLock { mappingCount } }

        init<S: StoreType>(of store: S, ids: some Sequence<Int>) where S.ActionType == Action, S.StateType == State {
            for id in ids {
                let recorder = Recorder<RowView>()
                let projection = store.rowProjection(id: id, in: \State.rows, action: Action.row) { (row: Row) in
                    self.lock.withLock { self.mappingCount += 1 }
                    return RowView(title: row.title, done: row.done)
                }!
                received[id] = recorder
                projections[id] = projection
                tokens.append(projection.subscribe { recorder.record($0) })
            }
        }

        /// The ids whose rows were called since `counts` was taken, each with how many times.
        func calls(since counts: [Int: Int]) -> [Int: Int] {
            var calls: [Int: Int] = [:]
            for (id, recorder) in received where recorder.values.count > counts[id, default: 0] {
                calls[id] = recorder.values.count - counts[id, default: 0]
            }
            return calls
        }

        var counts: [Int: Int] { received.mapValues { $0.values.count } }
    }
}

@Suite("Row projections")
struct RowProjectionTests {
    typealias RowView = RowDomain.RowView

    @Test("One changed element calls its row once, and maps only that row, of 1,000")
    func oneChangedRow() {
        let store = RowDomain.store(rows: 1_000)
        let rows = RowDomain.Rows(of: store, ids: 0..<1_000)
        let before = rows.counts
        let mappingsBefore = rows.mappings
        rows.projections[42]!.dispatch(.toggle)
        #expect(rows.calls(since: before) == [42: 1])
        #expect(rows.received[42]!.values.last == RowView(title: "row 42", done: true))
        #expect(rows.mappings - mappingsBefore == 1)
        #expect(rows.projections[42]!.state == RowView(title: "row 42", done: true))
    }

    @Test("A row for an id that is not there is nil")
    func missingID() {
        let store = RowDomain.store(rows: 3)
        #expect(store.rowProjection(id: 7, in: \RowDomain.State.rows, action: RowDomain.Action.row) { (row: Row) in row.title } == nil)
    }

    @Test("A removed element's row keeps its last state and is not called; added again, the row follows it")
    func removedAndAddedAgain() {
        let store = RowDomain.store(rows: 5)
        let rows = RowDomain.Rows(of: store, ids: 0..<5)
        rows.projections[2]!.dispatch(.rename("renamed"))
        let before = rows.counts
        store.dispatch(.edit { $0.remove(id: 2) })
        rows.projections[2]!.dispatch(.toggle)  // skipped by the lifted reducer: no element 2
        #expect(rows.calls(since: before).isEmpty)
        #expect(rows.projections[2]!.state == RowView(title: "renamed", done: false))
        #expect(store.state.rows.ids == [0, 1, 3, 4])
        // A subscriber that comes while the element is gone is called with the last state.
        let late = Recorder<RowView>()
        let lateToken = rows.projections[2]!.subscribe { late.record($0) }
        #expect(late.values == [RowView(title: "renamed", done: false)])

        store.dispatch(.edit { $0.insert(Row(id: 2, title: "back"), at: 0) })
        #expect(rows.calls(since: before) == [2: 1])
        #expect(rows.received[2]!.values.last == RowView(title: "back", done: false))
        #expect(late.values.last == RowView(title: "back", done: false))
        #expect(rows.projections[2]!.state == RowView(title: "back", done: false))
        withExtendedLifetime(lateToken) {}
    }

    @Test("Moves, swaps and sorts call no row; changes after them reach the right rows")
    func moves() {
        let store = RowDomain.store(rows: 10)
        let rows = RowDomain.Rows(of: store, ids: 0..<10)
        let before = rows.counts
        store.dispatch(.edit { $0.move(fromOffsets: [0, 3], toOffset: 8) })
        store.dispatch(.edit { $0.swapAt(1, 5) })
        store.dispatch(.edit { $0.sort { $0.id > $1.id } })
        #expect(rows.calls(since: before).isEmpty)
        store.dispatch(.row(ElementIDAction(id: 3, action: .toggle)))
        store.dispatch(.edit { $0[0].title = "first" })  // by position: id 9 after the sort
        #expect(rows.calls(since: before) == [3: 1, 9: 1])
        #expect(rows.received[9]!.values.last == RowView(title: "first", done: false))
    }

    @Test("A wholesale replacement of the array calls exactly the rows whose state changed")
    func wholesaleReplacement() {
        let store = RowDomain.store(rows: 10)
        let rows = RowDomain.Rows(of: store, ids: 0..<10)
        let before = rows.counts
        store.dispatch(.edit { rows in
            rows = IdentifiedArray(uniqueElements: (0..<10).reversed().map { Row(id: $0, title: "row \($0)", done: $0.isMultiple(of: 4)) })
        })
        #expect(rows.calls(since: before) == [0: 1, 4: 1, 8: 1])
    }

    @Test("A batch of more changes than the array remembers calls each changed row once, with its final state")
    func longBatch() {
        let store = RowDomain.store(rows: 200)
        let rows = RowDomain.Rows(of: store, ids: 0..<200)
        let before = rows.counts
        // 150 rows toggled, 30 of them twice (back where they were): 120 rows changed, 180 changes.
        let toggled = Array(0..<150) + Array(0..<30)
        store.dispatch(contentsOf: toggled.map { .row(ElementIDAction(id: $0, action: .toggle)) })
        #expect(rows.calls(since: before) == Dictionary(uniqueKeysWithValues: (30..<150).map { ($0, 1) }))
        #expect((30..<150).allSatisfy { rows.received[$0]!.values.last?.done == true })
    }

    @Test("Batches of 1 to 200 changes, each of another row: every changed row is called, once")
    func batchesOfEverySize() {
        let store = RowDomain.store(rows: 200)
        let rows = RowDomain.Rows(of: store, ids: 0..<200)
        for size in 1...200 {
            let before = rows.counts
            store.dispatch(contentsOf: (0..<size).map { .row(ElementIDAction(id: $0, action: .toggle)) })
            let calls = rows.calls(since: before)
            guard calls == Dictionary(uniqueKeysWithValues: (0..<size).map { ($0, 1) }) else {
                Issue.record("a batch of \(size) toggles called \(calls.count) rows: missing \(Set(0..<size).subtracting(calls.keys).sorted())")
                return
            }
        }
    }

    @Test("Copies made inside a reducer, changed apart and assigned back, miss no change", arguments: [false, true])
    func branchedCopies(copyChangedFirst: Bool) {
        let store = RowDomain.store(rows: 5)
        let rows = RowDomain.Rows(of: store, ids: 0..<5)
        let before = rows.counts
        store.dispatch(.edit { rows in
            var copy = rows
            if copyChangedFirst {
                copy[id: 2]?.title = "in the copy"
                rows[id: 1]?.done = true
            } else {
                rows[id: 1]?.done = true
                copy[id: 2]?.title = "in the copy"
            }
            rows = copy
        })
        #expect(rows.calls(since: before) == [2: 1])
        #expect(rows.received[2]!.values.last == RowView(title: "in the copy", done: false))
        #expect(rows.received[1]!.values.last == RowView(title: "row 1", done: false))
    }

    @Test("Three subscribers of one row, cancelled first, last, middle: those left are still called, those gone are not", arguments: [[0, 2, 1], [2, 0, 1], [1, 0, 2]])
    func subscribersOfOneRowLeaving(order: [Int]) {
        let store = RowDomain.store(rows: 3)
        let row = store.rowProjection(id: 1, in: \RowDomain.State.rows, action: RowDomain.Action.row) { (row: Row) in row.done }!
        let recorders = (0..<3).map { _ in Recorder<Bool>() }
        let tokens = recorders.map { recorder in row.subscribe { recorder.record($0) } }
        var left = Set(0..<3)
        var expected = [[false], [false], [false]]
        for cancelled in order {
            tokens[cancelled].cancel()
            left.remove(cancelled)
            row.dispatch(.toggle)
            for subscriber in left {
                expected[subscriber].append(store.state.rows[id: 1]!.done)
            }
            #expect(recorders.map(\.values) == expected, "after cancelling \(cancelled)")
        }
    }

    @Test("A row of a projection sees the same rows as a row of the store")
    func rowOfProjection() {
        let store = RowDomain.store(rows: 5)
        let projection = store.projection(action: { (action: RowDomain.Action) in action }, state: { (state: RowDomain.State) in state })
        let rows = RowDomain.Rows(of: projection, ids: 0..<5)
        let before = rows.counts
        rows.projections[3]!.dispatch(.toggle)
        store.dispatch(.edit { $0.remove(id: 1) })
        #expect(rows.calls(since: before) == [3: 1])
        #expect(rows.received[3]!.values.last == RowView(title: "row 3", done: true))
    }
}
