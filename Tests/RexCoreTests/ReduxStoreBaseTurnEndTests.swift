import Dispatch
import RexCore
import RexTestSupport
import Testing

/// The end of a turn that let the state lock go (for its IO, its subscribers): it leaves the
/// store idle without taking the lock again when nothing was queued meanwhile (see `TurnFlag`).
/// An action that arrives just then must not be left in the queue of an idle store.
@Suite("A turn's end without the lock")
struct ReduxStoreBaseTurnEndTests {
    /// What lets a turn's lock go.
    enum Shape: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// A middleware whose IO runs every turn.
        case io
        /// No middleware (the turn flag is set under the lock), and a subscriber.
        case subscriberWithoutMiddleware
        /// A middleware with a pure IO, and a subscriber.
        case subscriberWithMiddleware

        var testDescription: String { rawValue }
    }

    /// Counts the IO closures run, in a plain variable: turns run one at a time, each after the
    /// last (the thread sanitizer checks that the end without the lock keeps them ordered).
    final class IOCount: @unchecked Sendable {  // `value` is written only by turns' IO, which the store runs one at a time
        var value = 0
    }

    struct Counting: MiddlewareProtocol {
        let count: IOCount?
        func handle(action: CounterAction, from dispatcher: ActionSource, state: @escaping GetState<CounterState>) -> IO<CounterAction> {
            guard let count else { return .pure() }
            return IO { _ in count.value += 1 }
        }
    }

    static let threads = 4
    static let actionsPerThread = 1_000

    @Test("Actions dispatched from several threads all run before the last dispatch returns, with nothing dispatched after", arguments: Shape.allCases)
    func nothingLeftQueued(shape: Shape) async throws {
        let ioCount = IOCount()
        let reducer = counterReducer
        let store = switch shape {
        case .io: CounterStore(initialState: CounterState(), reducer: reducer, middleware: Counting(count: ioCount))
        case .subscriberWithoutMiddleware: CounterStore(initialState: CounterState(), reducer: reducer)
        case .subscriberWithMiddleware: CounterStore(initialState: CounterState(), reducer: reducer, middleware: Counting(count: nil))
        }
        let token = shape == .io ? nil : store.subscribe { _ in }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<Self.threads {
                group.addTask {
                    // Threads of their own: dispatching blocks, and the cooperative pool is every
                    // other test's too.
                    try! await onOwnThread {
                        for _ in 0..<Self.actionsPerThread {
                            store.dispatch(.increment)
                        }
                    }
                }
            }
        }
        // No dispatch since: an action left queued behind a turn that ended without seeing it
        // would never run.
        let total = Self.threads * Self.actionsPerThread
        #expect(store.state.count == total)
        if shape == .io {
            #expect(ioCount.value == total)
        }
        token?.cancel()
    }

    @Test("Batches and actions an IO dispatches, from several threads, on a store with or without a queue of its own: every action runs", arguments: [false, true])
    func everyKindOfArrival(ownQueue: Bool) async throws {
        let ioCount = IOCount()
        // `.add(n)`, for n above 1, dispatches `.add(n - 1)` from its IO: 2 makes 3 in all.
        let middleware = AnyMiddleware<CounterAction, CounterAction, CounterState> { action, _, _ in
            IO { output in
                ioCount.value += 1
                if case .add(let amount) = action, amount > 1 {
                    output.dispatch(.add(amount - 1))
                }
            }
        }
        let queue = ownQueue ? DispatchQueue(label: "rex.test.turn-end") : nil
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer, middleware: middleware, queue: queue)
        let rounds = 100
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<Self.threads {
                group.addTask {
                    // Threads of their own, as above: a thread that dispatches may run the turns
                    // the others queue meanwhile, for as long as they keep coming.
                    try! await onOwnThread {
                        for _ in 0..<rounds {
                            store.dispatch(contentsOf: [.increment, .increment])
                            store.dispatch(.add(2))
                        }
                    }
                }
            }
        }
        // With a queue, the drains scheduled on it run before this; nothing is dispatched after.
        queue?.sync {}
        #expect(store.state.count == Self.threads * rounds * (2 + 3))
        #expect(ioCount.value == Self.threads * rounds * (2 + 2))
    }
}
