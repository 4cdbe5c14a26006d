import Foundation
import RexCore
import RexTestSupport
import Testing

/// Random sequences of subscribe, cancel, dispatch and projection, from several threads at once,
/// checked against a plain model. Run by the suite, and so under the thread sanitizer in CI. The
/// many projections of one value type (`Int`) make the store's de-duplicating group grow past
/// its first block; the middleware is a `ComposedMiddleware`, whose members the store calls
/// through unretained boxes.
@Suite("The store against a model, from several threads")
struct StoreModelTests {
    static let counters = 4
    static let threads = 4
    static let stepsPerThread = 400

    enum Action: Sendable, Equatable {
        case add(counter: Int, amount: Int)
        case nothing
    }

    struct State: Sendable, Equatable {
        var values = [Int](repeating: 0, count: StoreModelTests.counters)
    }

    final class Store: ReduxStoreBase<Action, State>, @unchecked Sendable {}

    /// Counts the actions it sees.
    struct Counting: MiddlewareProtocol {
        let seen: Recorder<Action>
        func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Action> {
            seen.record(action)
            return .pure()
        }
    }

    /// One subscription to a projection of one counter, and what it received.
    final class Watch: Sendable {
        let counter: Int
        let received = Recorder<Int>()
        let token: SubscriptionToken

        init(counter: Int, store: Store) {
            self.counter = counter
            let received = received
            token = store.projection(action: { (action: Action) in action }, state: { $0.values[counter] })
                .subscribe { received.record($0) }
        }
    }

    /// What one thread did: what it added to each counter, its watches, and how many actions it sent.
    struct Outcome: Sendable {
        let added: [Int]
        let active: [Watch]
        let cancelled: [Watch]
        let dispatched: Int
    }

    @Test("Every projection sees its counter only rise, in order, and ends on the final value; nothing is lost")
    func againstTheModel() async {
        let seed = UInt64.random(in: 0...UInt64.max)
        let seen = Recorder<Action>()
        var composed = ComposedMiddleware<Action, Action, State>()
        composed.append(Counting(seen: seen))
        composed.append(IdentityMiddleware())
        composed.append(Counting(seen: Recorder()))
        let store = Store(
            initialState: State(),
            reducer: .reduce { action, state in
                if case .add(let counter, let amount) = action { state.values[counter] += amount }
            },
            middleware: composed
        )
        // Each thread's own model: what it added to each counter, and its watches.
        let results = await withTaskGroup(of: Outcome.self) { group in
            for thread in 0..<Self.threads {
                group.addTask {
                    // A thread of its own, not the task itself: the steps block, and the cooperative pool
                    // (two threads on CI) is every other test's too.
                    try! await onOwnThread {
                        var generator = SplitMix64(seed: seed &+ UInt64(thread))
                        var added = [Int](repeating: 0, count: Self.counters)
                        var watches: [Watch] = []
                        var cancelled: [Watch] = []
                        var dispatched = 0
                        for _ in 0..<Self.stepsPerThread {
                            let counter = Int(generator.next() % UInt64(Self.counters))
                            switch generator.next() % 10 {
                            case 0...5:
                                let amount = Int(generator.next() % 3) + 1
                                store.dispatch(.add(counter: counter, amount: amount))
                                added[counter] += amount
                                dispatched += 1
                            case 6, 7:
                                watches.append(Watch(counter: counter, store: store))
                            case 8 where !watches.isEmpty:
                                let index = Int(generator.next() % UInt64(watches.count))
                                let watch = watches.remove(at: index)
                                watch.token.cancel()
                                cancelled.append(watch)
                            default:
                                store.dispatch(.nothing)
                                dispatched += 1
                            }
                        }
                        return Outcome(added: added, active: watches, cancelled: cancelled, dispatched: dispatched)
                    }
                }
            }
            var all: [Outcome] = []
            for await result in group { all.append(result) }
            return all
        }
        // Wait until every queued turn has run.
        await store.dispatchAndWait(.nothing)

        var expected = [Int](repeating: 0, count: Self.counters)
        for result in results {
            for counter in 0..<Self.counters { expected[counter] += result.added[counter] }
        }
        #expect(store.state.values == expected, "seed \(seed)")
        #expect(seen.values.count == results.map(\.dispatched).reduce(0, +) + 1, "seed \(seed)")
        let watches = results.flatMap { $0.active + $0.cancelled }
        #expect(watches.count > 8, "more than eight projections of Int, so that their group grows")
        for watch in watches {
            let values = watch.received.values
            #expect(!values.isEmpty, "a subscription is called back at once; seed \(seed)")
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "only rises, no repeats; seed \(seed)")
        }
        for watch in results.flatMap(\.active) {
            #expect(watch.received.values.last == expected[watch.counter], "ends on the final value; seed \(seed)")
        }
    }
}
