import RexCore

/// W3: a state of 100 `Int` values; 100 de-duplicating projections, each selecting one value;
/// each action changes one value, so exactly one projection's subscriber is called per action.
public final class FanOutWorkload {
    public enum Action: Sendable {
        case bump(Int)
    }

    public struct State: Sendable {
        public var values = [Int](repeating: 0, count: FanOutWorkload.width)
    }

    public static let width = 100

    let store = FanOutWorkload.makeStore()
    let callbacks = CallbackCounter()
    let tokens: [SubscriptionToken]
    var next = 0

    public init() {
        tokens = Self.subscribeProjections(to: store, counting: callbacks, workload: "W3")
    }

    /// The store: `bump(i)` adds one to value `i`.
    static func makeStore() -> ReduxStoreBase<Action, State> {
        ReduxStoreBase<Action, State>(
            initialState: State(),
            reducer: .reduce { action, state in
                switch action {
                case .bump(let index): state.values[index] += 1
                }
            }
        )
    }

    /// Subscribes one de-duplicating projection per value, each counting its callbacks, and
    /// checks that each replayed its current value once.
    static func subscribeProjections(
        to store: ReduxStoreBase<Action, State>,
        counting callbacks: CallbackCounter,
        workload: String
    ) -> [SubscriptionToken] {
        let tokens = (0..<width).map { index in
            store.projection(action: { (action: Action) in action }, state: { $0.values[index] })
                .subscribe { [callbacks] _ in callbacks.count += 1 }
        }
        check(callbacks.count == width, workload, "\(callbacks.count) replays, expected \(width)")
        return tokens
    }

    /// Dispatches `actions` actions, each bumping the next value, and checks that exactly one
    /// callback fired for each.
    public func run(actions: Int) {
        let before = callbacks.count
        for _ in 0..<actions {
            store.dispatch(.bump(next))
            next = next == Self.width - 1 ? 0 : next + 1
        }
        check(callbacks.count == before + actions, "W3", "\(callbacks.count - before) callbacks for \(actions) actions")
    }

    /// The limit: mutate in place, compare each selected value with the last one, call back.
    public static func handWritten(actions: Int) -> Int {
        var state = State()
        var last = state.values
        var callbacks = 0
        var next = 0
        for _ in 0..<actions {
            state.values[next] += 1
            next = next == width - 1 ? 0 : next + 1
            for index in 0..<width where state.values[index] != last[index] {
                last[index] = state.values[index]
                callbacks += 1
            }
        }
        return callbacks
    }
}
