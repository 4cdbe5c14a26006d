import RexCore
import RexTestSupport
import Testing

@Suite("Subscriptions and states")
struct ReduxStoreBaseSubscribeTests {
    @Test("Subscribing replays the current state first, then each notified state")
    func subscribeReplaysThenFollows() {
        let store = CounterStore(initialState: CounterState(count: 5), reducer: counterReducer)
        let seen = Recorder<Int>()
        let token = store.subscribe { seen.record($0.count) }
        store.dispatch(.increment)
        store.dispatch(.add(10))
        #expect(seen.values == [5, 6, 16])
        token.cancel()
    }

    @Test("A cancelled subscription is not called again")
    func cancelledSubscriptionStops() {
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer)
        let seen = Recorder<Int>()
        let token = store.subscribe { seen.record($0.count) }
        store.dispatch(.increment)
        token.cancel()
        store.dispatch(.increment)
        #expect(seen.values == [0, 1])
        #expect(store.state.count == 2)
    }

    @Test("A released token ends its subscription")
    func releasedTokenStops() {
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer)
        let seen = Recorder<Int>()
        do {
            let token = store.subscribe { seen.record($0.count) }
            store.dispatch(.increment)
            _ = token
        }
        store.dispatch(.increment)
        #expect(seen.values == [0, 1])
    }

    @Test("A subscriber may dispatch; its action runs after the current turn")
    func subscriberMayDispatch() {
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer)
        let seen = Recorder<Int>()
        let token = store.subscribe { [weak store] state in
            seen.record(state.count)
            if state.count == 1 { store?.dispatch(.add(10)) }
        }
        store.dispatch(.increment)
        #expect(seen.values == [0, 1, 11])
        token.cancel()
    }

    @Test(".never still commits every mutation; it only silences notification")
    func neverKeepsMutations() {
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer, emitsValue: .never)
        let seen = Recorder<Int>()
        let token = store.subscribe { seen.record($0.count) }
        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(store.state.count == 2)
        #expect(seen.values == [0])
        token.cancel()
    }

    @Test(".when decides notification from the old and new state, and never drops the mutation")
    func whenKeepsMutations() {
        let store = CounterStore(
            initialState: CounterState(),
            reducer: counterReducer,
            emitsValue: .when { old, new in new.count.isMultiple(of: 2) && old != new }
        )
        let seen = Recorder<Int>()
        let token = store.subscribe { seen.record($0.count) }
        for _ in 0..<5 { store.dispatch(.increment) }
        #expect(store.state.count == 5)
        #expect(seen.values == [0, 2, 4])
        token.cancel()
    }

    @Test(".whenDifferent notifies only states that changed")
    func whenDifferentSkipsEqualStates() {
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer, emitsValue: .whenDifferent)
        let seen = Recorder<Int>()
        let token = store.subscribe { seen.record($0.count) }
        store.dispatch(.add(0))
        store.dispatch(.increment)
        store.dispatch(.add(0))
        #expect(seen.values == [0, 1])
        token.cancel()
    }

    @Test("states yields the current state, then each notified state, for await")
    func statesAsyncSequence() async {
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer)
        var iterator = store.states.makeAsyncIterator()
        store.dispatch(.increment)
        store.dispatch(.increment)
        var seen: [Int] = []
        for _ in 0..<3 {
            if let state = await iterator.next() { seen.append(state.count) }
        }
        #expect(seen == [0, 1, 2])
    }

    @Test("states ends once its store is released, after the states buffered before, and does not keep the store")
    func statesEndWhenTheStoreGoes() async {
        var store: CounterStore? = CounterStore(initialState: CounterState(), reducer: counterReducer)
        weak let released = store
        let states = store!.states
        store!.dispatch(.increment)
        store = nil
        #expect(released == nil)
        let loop = Task {
            var seen: [Int] = []
            for await state in states { seen.append(state.count) }
            return seen
        }
        // The loop must end by itself; the deadline only turns a hang into a failure.
        let seen = await withTaskGroup(of: [Int]?.self) { group in
            group.addTask { await loop.value }
            group.addTask {
                try? await Task.sleep(for: .seconds(10))
                loop.cancel()
                return nil
            }
            let first = await group.next()!
            group.cancelAll()
            return first
        }
        #expect(seen == [0, 1])
    }

    @Test("Reading the state while another thread dispatches never sees a half-applied change")
    func stateReadsAreNeverTorn() async {
        struct Pair: Sendable { var left = 0, right = 0 }
        let reducer = Reducer<Int, Pair>.reduce { _, pair in
            pair.left += 1
            pair.right += 1
        }
        let store = ReduxStoreBase<Int, Pair>(initialState: Pair(), reducer: reducer)
        let torn = await withTaskGroup(of: Int.self) { group in
            group.addTask {
                for value in 0..<50_000 { store.dispatch(value) }
                return 0
            }
            group.addTask {
                var torn = 0
                for _ in 0..<50_000 {
                    let pair = store.state
                    if pair.left != pair.right { torn += 1 }
                }
                return torn
            }
            return await group.reduce(0, +)
        }
        #expect(torn == 0)
        #expect(store.state.left == 50_000)
    }

    @Test("A subscriber is called with each committed state, whole and in order, while other threads dispatch and read the state")
    func subscriberSeesEachCommittedStateUnderLoad() async throws {
        // Each delivery is of the state its turn committed, whole, whatever other threads
        // dispatch and read meanwhile (and, under the thread sanitizer, with no race between a
        // delivery, a reader and the next turn's reducer).
        struct Log: Sendable {
            var entries: [Int] = []
            var count = 0
        }
        let reducer = Reducer<Int, Log>.reduce { value, log in
            log.entries.append(value)
            log.count += 1
        }
        let store = ReduxStoreBase<Int, Log>(initialState: Log(), reducer: reducer)
        let counts = Recorder<Int>()
        let torn = Recorder<Int>()
        let token = store.subscribe { log in
            if log.entries.count != log.count { torn.record(log.count) }
            counts.record(log.count)
        }
        let threads = 3
        let actionsEach = 2_000
        let dispatching = Recorder<Int>()
        // Reads until every dispatching thread has finished, so that reads overlap deliveries.
        async let tornReads = onOwnThread {
            var torn = 0
            while dispatching.values.count < threads {
                let log = store.state
                if log.entries.count != log.count { torn += 1 }
            }
            return torn
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for thread in 0..<threads {
                group.addTask {
                    try await onOwnThread {
                        for index in 0..<actionsEach { store.dispatch(thread * actionsEach + index) }
                        dispatching.record(thread)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await tornReads == 0)
        #expect(torn.values.isEmpty)
        #expect(counts.values == Array(0...threads * actionsEach))
        #expect(Set(store.state.entries) == Set(0..<threads * actionsEach))
        token.cancel()
    }
}
