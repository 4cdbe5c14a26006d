import Foundation
import RexCore
import RexTestSupport
import Testing

@Suite("Row projections against a model")
struct RowProjectionModelTests {
    typealias RowView = RowDomain.RowView

    /// One random change of the list: a row action, or an edit of the array.
    static func randomAction(_ generator: inout SplitMix64, step: Int) -> RowDomain.Action {
        let id = Int(generator.next() % 48)
        let position = Int(generator.next() % 64)
        let other = Int(generator.next() % 48)
        switch generator.next() % 12 {
        case 0, 1: return .row(ElementIDAction(id: id, action: .toggle))
        case 2: return .row(ElementIDAction(id: id, action: .rename("\(step % 3)")))
        case 3: return .edit { $0.remove(id: id) }
        case 4: return .edit { $0.insert(Row(id: id, title: "new \(step % 2)"), at: min(position, $0.count)) }
        case 5: return .edit { if !$0.isEmpty { $0.move(fromOffsets: [position % $0.count], toOffset: other % ($0.count + 1)) } }
        case 6: return .edit { $0.sort { $0.title < $1.title } }
        case 7: return .edit { $0.removeAll { $0.done } }
        case 8:  // a wholesale replacement, some rows changed
            return .edit { rows in
                rows = IdentifiedArray(uniqueElements: rows.map { row in
                    var row = row
                    if row.id % 5 == id % 5 { row.title += "!" }
                    return row
                })
            }
        case 9:  // a copy changed apart from the array, then assigned back
            return .edit { rows in
                var copy = rows
                copy[id: id]?.done.toggle()
                rows[id: other]?.title = "lost"
                rows = copy
            }
        case 10: return .edit { if !$0.isEmpty { $0[position % $0.count].title = "at \(position)" } }
        default: return .edit { $0[id: id] = nil }
        }
    }

    @Test("Random changes, one at a time and in batches: every row is called exactly when its state changed, with it, and keeps it while its element is gone")
    func modelBased() {
        var generator = SplitMix64(seed: UInt64.random(in: 0...UInt64.max))
        let seed = generator.state
        let store = RowDomain.store(rows: 48)
        let identity = store.projection(action: { (action: RowDomain.Action) in action }, state: { (state: RowDomain.State) in state })
        let storeRows = RowDomain.Rows(of: store, ids: 0..<48)
        let projectionRows = RowDomain.Rows(of: identity, ids: 0..<48)
        // What each row was last called with, and how many calls each should have had.
        var expected: [Int: (last: RowView, calls: Int)] = Dictionary(uniqueKeysWithValues: (0..<48).map {
            ($0, (RowView(title: "row \($0)", done: false), 1))
        })
        for step in 0..<2_000 {
            if generator.next() % 8 == 0 {
                let count = Int(generator.next() % 150)
                store.dispatch(contentsOf: (0..<count).map { _ in Self.randomAction(&generator, step: step) })
            } else {
                store.dispatch(Self.randomAction(&generator, step: step))
            }
            let rows = store.state.rows
            for id in 0..<48 {
                guard let row = rows[id: id] else { continue }
                let view = RowView(title: row.title, done: row.done)
                if view != expected[id]!.last {
                    expected[id] = (view, expected[id]!.calls + 1)
                }
            }
            for (name, projected) in [("store", storeRows), ("projection", projectionRows)] {
                for id in 0..<48 {
                    let values = projected.received[id]!.values
                    guard values.count == expected[id]!.calls, values.last == expected[id]!.last else {
                        Issue.record("""
                            seed \(seed), step \(step), row \(id) of the \(name): called \(values.count) times, \
                            last with \(String(describing: values.last)); expected \(expected[id]!.calls) times, last with \(expected[id]!.last)
                            """)
                        return
                    }
                    // A gone element's row keeps the state its subscribers were last called with.
                    if rows[id: id] == nil, projected.projections[id]!.state != expected[id]!.last {
                        Issue.record("""
                            seed \(seed), step \(step), row \(id) of the \(name), whose element is gone: its state is \
                            \(projected.projections[id]!.state); expected \(expected[id]!.last)
                            """)
                        return
                    }
                }
            }
        }
    }

    /// One subscription of the joining-and-leaving test, with what it should have been called with.
    struct Subscription {
        let id: Int
        let recorder = Recorder<Bool>()
        var token: SubscriptionToken?
        var expected: [Bool]
    }

    @Test("Rows that join and leave in any order, changed in runs and at random: each change calls exactly the subscribers of its row")
    func joiningAndLeaving() {
        var generator = SplitMix64(seed: UInt64.random(in: 0...UInt64.max))
        let seed = generator.state
        let store = RowDomain.store(rows: 24)
        var live: [Subscription] = []
        var gone: [Subscription] = []
        func subscribe(_ id: Int) {
            let row = store.rowProjection(id: id, in: \RowDomain.State.rows, action: RowDomain.Action.row) { (row: Row) in row.done }!
            var subscription = Subscription(id: id, expected: [store.state.rows[id: id]!.done])
            subscription.token = row.subscribe { [recorder = subscription.recorder] in recorder.record($0) }
            live.append(subscription)
        }
        func toggle(_ id: Int) {
            store.dispatch(.row(ElementIDAction(id: id, action: .toggle)))
            let done = store.state.rows[id: id]!.done
            for index in live.indices where live[index].id == id {
                live[index].expected.append(done)
            }
        }
        for id in 0..<24 {
            subscribe(id)
        }
        for step in 0..<3_000 {
            switch generator.next() % 6 {
            case 0: subscribe(Int(generator.next() % 24))
            case 1 where !live.isEmpty:
                var leaving = live.remove(at: Int(generator.next() % UInt64(live.count)))
                leaving.token?.cancel()
                leaving.token = nil
                gone.append(leaving)
            case 2:  // a run of ids in order, which the group looks for just after the last row
                let first = Int(generator.next() % 24)
                for id in first..<min(first + 6, 24) { toggle(id) }
            case 3:  // one row again and again
                let id = Int(generator.next() % 24)
                for _ in 0..<3 { toggle(id) }
            default: toggle(Int(generator.next() % 24))
            }
            for subscription in live + gone where subscription.recorder.values != subscription.expected {
                Issue.record("""
                    seed \(seed), step \(step), a subscriber of row \(subscription.id) \(subscription.token == nil ? "that left" : ""): \
                    called with \(subscription.recorder.values.suffix(4)); expected \(subscription.expected.suffix(4))
                    """)
                return
            }
        }
    }
}
