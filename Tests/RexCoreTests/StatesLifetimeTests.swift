import RexCore
import RexTestSupport
import Testing

/// Keeps every state getter it is handed, as a long effect (a timer, a socket) does.
private struct GetterKeeper: MiddlewareProtocol {
    let kept = Recorder<GetState<CounterState>>()

    func handle(action: CounterAction, from dispatcher: ActionSource, state: @escaping GetState<CounterState>) -> IO<CounterAction> {
        kept.record(state)
        return .pure()
    }
}

/// Runs `loop` over `states`, telling `started` when it has read its first element, and returns
/// what it read once the sequence ends, or `nil` if it has not ended after `seconds` (the deadline
/// only turns a hang into a failure; nothing waits for it when the loop ends). A minute: in CI's
/// run under the thread sanitizer, beside the suite's heaviest tests on two cores, these loops
/// once waited past 10 seconds for a thread, and all three tests failed at once.
private func collect<Element: Sendable>(
    _ states: AsyncStream<Element>,
    started: AsyncStream<Void>.Continuation,
    orGiveUpAfter seconds: Int = 60
) async -> [Element]? {
    let loop = Task {
        var seen: [Element] = []
        for await element in states {
            seen.append(element)
            if seen.count == 1 { started.yield() }
        }
        return seen
    }
    return await withTaskGroup(of: [Element]?.self) { group in
        group.addTask { await loop.value }
        group.addTask {
            try? await Task.sleep(for: .seconds(seconds))
            loop.cancel()
            return nil
        }
        let first = await group.next()!
        group.cancelAll()
        return first
    }
}

@Suite("states ends with its store")
struct StatesLifetimeTests {
    @Test("A loop already waiting for the next state ends when the last reference to the store is dropped")
    func waitingLoopEnds() async {
        var store: CounterStore? = CounterStore(initialState: CounterState(), reducer: counterReducer)
                let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let states = store!.states
        async let seen = collect(states, started: startedContinuation)
        // Dropped only once the loop has read the current state and waits for the next.
        for await _ in started { break }
        store = nil
        #expect(await seen?.map(\.count) == [0])
    }

    @Test("The loop ends when the store goes even if an effect still holds the middleware's state getter")
    func loopEndsWhileAGetterIsKept() async {
        let keeper = GetterKeeper()
        var store: CounterStore? = CounterStore(initialState: CounterState(), reducer: counterReducer, middleware: keeper)
        store!.dispatch(.increment)
                let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let states = store!.states
        async let seen = collect(states, started: startedContinuation)
        for await _ in started { break }
        weak let released = store
        store = nil
        #expect(released == nil)
        #expect(await seen?.map(\.count) == [1])
        // The getter outlives the store and still reads its last state.
        #expect(keeper.kept.values.first?().count == 1)
    }

    @Test("A projection's states end when the projection and its store go")
    func projectionStatesEnd() async {
        var store: CounterStore? = CounterStore(initialState: CounterState(count: 3), reducer: counterReducer)
        var projection: StoreProjection<CounterAction, Int>? = store!.projection(action: { $0 }, state: \.count)
        let states = projection!.states
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        async let seen = collect(states, started: startedContinuation)
        for await _ in started { break }
        store = nil
        projection = nil
        #expect(await seen == [3])
    }
}
