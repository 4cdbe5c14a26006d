import RexCore

/// W1: one reducer, no middleware, no subscriber; `increment` dispatched over and over.
public final class CounterWorkload {
    public enum Action: Sendable {
        case increment
        case decrement
    }

    public struct State: Sendable {
        public var count = 0
    }

    let store = ReduxStoreBase<Action, State>(
        initialState: State(),
        reducer: .reduce { action, state in
            switch action {
            case .increment: state.count += 1
            case .decrement: state.count -= 1
            }
        }
    )

    public init() {}

    /// Dispatches `actions` increments and checks the count moved by exactly that much.
    public func run(actions: Int) {
        let before = store.state.count
        for _ in 0..<actions {
            store.dispatch(.increment)
        }
        check(store.state.count == before + actions, "W1", "count \(store.state.count), expected \(before + actions)")
    }

    /// The limit: the same state and `switch`, mutated in place in a loop.
    public static func handWritten(actions: [Action]) -> Int {
        var state = State()
        for action in actions {
            switch action {
            case .increment: state.count += 1
            case .decrement: state.count -= 1
            }
        }
        return state.count
    }
}
