import RexCore

/// W5: concurrent tasks dispatching into one store; every action processed, each task's in
/// the order it dispatched them.
public final class ContentionWorkload {
    public struct Action: Sendable {
        let producer: Int
        let sequence: Int
    }

    public struct State: Sendable {
        var nextExpected: [Int]
        var processed = 0
        var outOfOrder = 0
    }

    public static let producers = 4

    public init() {}

    /// Runs `producers` tasks of `actions / producers` dispatches each into a new store, waits for
    /// the last turn, and checks that none was lost or reordered.
    public func run(actions: Int) async {
        let perProducer = actions / Self.producers
        let store = ReduxStoreBase<Action, State>(
            initialState: State(nextExpected: [Int](repeating: 0, count: Self.producers + 1)),
            reducer: .reduce { action, state in
                if state.nextExpected[action.producer] != action.sequence { state.outOfOrder += 1 }
                state.nextExpected[action.producer] = action.sequence + 1
                state.processed += 1
            }
        )
        await withTaskGroup(of: Void.self) { group in
            for producer in 0..<Self.producers {
                group.addTask {
                    for sequence in 0..<perProducer {
                        store.dispatch(Action(producer: producer, sequence: sequence))
                    }
                }
            }
        }
        // A last action, waited for: every action dispatched before it has had its turn.
        await store.dispatchAndWait(Action(producer: Self.producers, sequence: 0))
        let state = store.state
        check(state.processed == perProducer * Self.producers + 1, "W5", "\(state.processed) processed")
        check(state.outOfOrder == 0, "W5", "\(state.outOfOrder) actions out of their producer's order")
    }
}
