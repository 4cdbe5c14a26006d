import Dispatch
import Foundation
import RexCore
import RexTestSupport
import Testing

@Suite("The queue")
struct ReduxStoreBaseQueueTests {
    @Test("A chain of 100,000 actions, each dispatched from the previous one's IO, runs with constant stack depth")
    func longChainDoesNotNest() {
        let chainLength = 100_000
        let stackAddresses = Recorder<UInt>()
        let middleware = AnyMiddleware<CounterAction, CounterAction, CounterState> { _, _, state in
            IO { output in
                var marker = 0
                withUnsafeMutablePointer(to: &marker) { stackAddresses.record(UInt(bitPattern: $0)) }
                if state().count < chainLength {
                    output.dispatch(.increment)
                }
            }
        }
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer, middleware: middleware)
        store.dispatch(.increment)

        #expect(store.state.count == chainLength)
        let addresses = stackAddresses.values
        #expect(addresses.count == chainLength)
        // Nested turns would move the stack by hundreds of bytes per action (megabytes in all);
        // queued ones run from the same frame, but the first, which runs from `dispatch` itself.
        let spread = (addresses.max() ?? 0) - (addresses.min() ?? 0)
        #expect(spread < 4096)
    }

    // Serialized, and 25,000 actions a producer (100,000 until 2026-11-27): under the thread
    // sanitizer, the two cases' sixteen threads contending for the store's lock on two cores took
    // from 106 to 751 s, among the last tests of every run (alone, now, 7 s). Eight threads of
    // 25,000 still make 200,000 racing dispatches a case.
    @Test(
        "8 concurrent producers of 25,000 actions each: none lost, each producer's order kept, one turn at a time",
        .serialized,
        arguments: [false, true]
    )
    func concurrentProducersKeepOrder(throughMiddleware: Bool) async {
        let producers = 8
        let actionsPerProducer = 25_000
        let reducer = Reducer<ProducerAction, ProducerState>.reduce { action, state in
            if state.lastSeen[action.producer] + 1 != action.sequence {
                state.outOfOrder += 1
            }
            state.lastSeen[action.producer] = action.sequence
            state.processed += 1
        }
        // With a middleware, a dispatch that finds the store idle claims it without its lock:
        // two that both did would run their turns at once, one's handle between the other's
        // handle and reducer.
        let turns = TurnWatch()
        let store = ReduxStoreBase<ProducerAction, ProducerState>(
            initialState: ProducerState(producers: producers),
            reducer: throughMiddleware ? turns.watching(reducer) : reducer,
            middleware: throughMiddleware ? turns.middleware : AnyMiddleware(IdentityMiddleware())
        )
        // Each producer is a thread of its own, not a task: 800,000 blocking dispatches in tasks
        // held the cooperative pool's threads (two, on CI) from every other test for 20 s under
        // the thread sanitizer, and tests with deadlines ran out of time waiting for them.
        await withTaskGroup(of: Void.self) { group in
            for producer in 0..<producers {
                group.addTask {
                    _ = try? await onOwnThread {
                        for sequence in 0..<actionsPerProducer {
                            store.dispatch(ProducerAction(producer: producer, sequence: sequence))
                        }
                    }
                }
            }
        }
        // Every dispatch has returned; the last one to find the store busy left its action queued
        // for the thread that was draining, so wait for one more turn to be sure all have run.
        await store.dispatchAndWait(ProducerAction(producer: producers, sequence: 0))
        let state = store.state
        #expect(state.processed == producers * actionsPerProducer + 1)
        #expect(state.outOfOrder == 0)
        #expect(state.lastSeen.prefix(producers).allSatisfy { $0 == actionsPerProducer - 1 })
        #expect(turns.interleaved == 0)
    }

    @Test("dispatchAndWait returns after the reducer, the subscribers and the IO of its action")
    func dispatchAndWaitWaitsForTheWholeTurn() async {
        let trace = Recorder<String>()
        let middleware = AnyMiddleware<CounterAction, CounterAction, CounterState> { _, _, _ in
            IO { _ in trace.record("io") }
        }
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer, middleware: middleware)
        let token = store.subscribe { state in trace.record("notify \(state.count)") }
        await store.dispatchAndWait(.add(3))
        #expect(trace.values == ["notify 0", "notify 3", "io"])
        #expect(store.state.count == 3)
        token.cancel()
    }

    /// A middleware that records whether `handle` ran on the marked queue; or none.
    static func queueWatchingMiddleware(
        _ onQueue: Recorder<Bool>?
    ) -> AnyMiddleware<CounterAction, CounterAction, CounterState> {
        guard let onQueue else { return AnyMiddleware(IdentityMiddleware()) }
        return AnyMiddleware { _, _, _ in
            onQueue.record(DispatchQueue.getSpecific(key: QueueMarker.key) == QueueMarker.value)
            return .pure()
        }
    }

    @Test("With a queue given, turns run only on that queue", arguments: [false, true])
    func turnsRunOnTheGivenQueue(throughMiddleware: Bool) async {
        let queue = DispatchQueue(label: "rex.test.store")
        let onQueue = Recorder<Bool>()
        let handledOnQueue = Recorder<Bool>()
        let reducer = Reducer<CounterAction, CounterState>.reduce { action, state in
            onQueue.record(DispatchQueue.getSpecific(key: QueueMarker.key) == QueueMarker.value)
            counterReducer.reduce(action, &state)
        }
        queue.setSpecific(key: QueueMarker.key, value: QueueMarker.value)
        let store = CounterStore(
            initialState: CounterState(),
            reducer: reducer,
            middleware: Self.queueWatchingMiddleware(throughMiddleware ? handledOnQueue : nil),
            queue: queue
        )
        store.dispatch(.increment)
        await store.dispatchAndWait(.increment)
        queue.sync { store.dispatch(.increment) }
        await store.dispatchAndWait(.increment)
        #expect(onQueue.values == [true, true, true, true])
        #expect(handledOnQueue.values == (throughMiddleware ? [true, true, true, true] : []))
        #expect(store.state.count == 4)
    }

    @Test(
        "With a queue given, a dispatch made on that queue while the store is idle runs at once",
        arguments: [false, true]
    )
    func dispatchOnTheQueueRunsInline(throughMiddleware: Bool) {
        let queue = DispatchQueue(label: "rex.test.inline")
        let store = CounterStore(
            initialState: CounterState(),
            reducer: counterReducer,
            middleware: Self.queueWatchingMiddleware(throughMiddleware ? Recorder<Bool>() : nil),
            queue: queue
        )
        let countRightAfterDispatch = queue.sync {
            store.dispatch(.increment)
            return store.state.count
        }
        #expect(countRightAfterDispatch == 1)
    }

    @Test("An IO's output kept after the store is released does nothing and does not crash")
    func dispatchToReleasedStoreIsHarmless() {
        let keptOutput = Recorder<AnyActionHandler<CounterAction>>()
        let handled = Recorder<CounterAction>()
        let middleware = AnyMiddleware<CounterAction, CounterAction, CounterState> { action, _, _ in
            handled.record(action)
            return IO { output in keptOutput.record(output) }
        }
        weak var weakStore: CounterStore?
        do {
            let store = CounterStore(initialState: CounterState(), reducer: counterReducer, middleware: middleware)
            weakStore = store
            store.dispatch(.increment)
        }
        #expect(weakStore == nil)
        keptOutput.values.first?.dispatch(.decrement)
        // Nothing ran the released store's pipeline: its middleware saw only the first action.
        #expect(handled.values == [.increment])
        #expect(weakStore == nil)
    }

    @Test("Releasing the store frees it, its middlewares and the IO closures it ran")
    func releasedStoreFreesEverything() {
        final class Witness: Sendable {}
        struct HoldingMiddleware: MiddlewareProtocol {
            let witness: Witness
            let ioWitnesses: Recorder<Weak<Witness>>
            func handle(action: CounterAction, from dispatcher: ActionSource, state: @escaping GetState<CounterState>)
                -> IO<CounterAction>
            {
                let ioWitness = Witness()
                ioWitnesses.record(Weak(ioWitness))
                return IO { output in
                    _ = ioWitness
                    _ = state()
                    if action == .increment { output.dispatch(.decrement) }
                }
            }
        }
        let ioWitnesses = Recorder<Weak<Witness>>()
        weak var weakStore: CounterStore?
        weak var weakMiddlewareWitness: Witness?
        do {
            let middlewareWitness = Witness()
            weakMiddlewareWitness = middlewareWitness
            let middleware = HoldingMiddleware(witness: middlewareWitness, ioWitnesses: ioWitnesses)
            let store = CounterStore(initialState: CounterState(), reducer: counterReducer, middleware: middleware)
            weakStore = store
            store.dispatch(.increment)
            #expect(store.state.count == 0)
        }
        #expect(weakStore == nil)
        #expect(weakMiddlewareWitness == nil)
        #expect(!ioWitnesses.values.isEmpty)
        #expect(ioWitnesses.values.allSatisfy { $0.value == nil })
    }
}

/// A weak reference that tests can keep in a recorder.
struct Weak<Object: AnyObject & Sendable>: Sendable {
    weak var value: Object?
    init(_ value: Object) { self.value = value }
}

enum QueueMarker {
    static let key = DispatchSpecificKey<Int>()
    static let value = 42
}

struct ProducerAction: Sendable {
    let producer: Int
    let sequence: Int
}

struct ProducerState: Sendable {
    var lastSeen: [Int]
    var processed = 0
    var outOfOrder = 0

    init(producers: Int) {
        lastSeen = Array(repeating: -1, count: producers + 1)
    }
}

/// Watches turns for interleaving: the middleware notes each action it handles, and the reducer
/// checks that the action it reduces is the one handled last, as it is when turns run one at a
/// time.
final class TurnWatch: @unchecked Sendable {  // `lastHandled` and `interleavedCount` are guarded by `lock`
    private let lock = NSLock()
    private var lastHandled: (producer: Int, sequence: Int)?
    private var interleavedCount = 0

    var middleware: AnyMiddleware<ProducerAction, ProducerAction, ProducerState> {
        AnyMiddleware { action, _, _ in
            self.lock.withLock { self.lastHandled = (action.producer, action.sequence) }
            return .pure()
        }
    }

    func watching(_ reducer: Reducer<ProducerAction, ProducerState>) -> Reducer<ProducerAction, ProducerState> {
        .reduce { action, state in
            self.reduced(action)
            reducer.reduce(action, &state)
        }
    }

    func reduced(_ action: ProducerAction) {
        lock.withLock {
            if lastHandled?.producer != action.producer || lastHandled?.sequence != action.sequence {
                interleavedCount += 1
            }
        }
    }

    var interleaved: Int {
        lock.withLock { interleavedCount }
    }
}
