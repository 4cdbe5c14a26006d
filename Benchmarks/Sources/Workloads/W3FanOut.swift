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

    let store = ReduxStoreBase<Action, State>(
        initialState: State(),
        reducer: .reduce { action, state in
            switch action {
            case .bump(let index): state.values[index] += 1
            }
        }
    )
    let callbacks = CallbackCounter()
    var tokens: [SubscriptionToken] = []
    var next = 0

    public init() {
        for index in 0..<Self.width {
            let projection = store.projection(action: { (action: Action) in action }, state: { $0.values[index] })
            tokens.append(projection.subscribe { [callbacks] _ in callbacks.count += 1 })
        }
        check(callbacks.count == Self.width, "W3", "\(callbacks.count) replays, expected \(Self.width)")
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
