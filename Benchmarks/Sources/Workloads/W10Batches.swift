import RexCore

/// W10: W3's store (100 `Int` values, 100 de-duplicating projections), fed in batches of 100
/// actions with `dispatch(contentsOf:)`; every action of a batch bumps the same value, so one
/// notification pass per batch calls exactly one projection back, once.
public final class BatchesWorkload {
    public enum Action: Sendable {
        case bump(Int)
    }

    public struct State: Sendable {
        public var values = [Int](repeating: 0, count: BatchesWorkload.width)
    }

    public static let width = 100
    public static let batchSize = 100

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
    /// The batches, made once: what is measured is their dispatch.
    let batches: [[Action]] = (0..<BatchesWorkload.width).map { index in
        [Action](repeating: .bump(index), count: BatchesWorkload.batchSize)
    }

    public init() {
        for index in 0..<Self.width {
            let projection = store.projection(action: { (action: Action) in action }, state: { $0.values[index] })
            tokens.append(projection.subscribe { [callbacks] _ in callbacks.count += 1 })
        }
        check(callbacks.count == Self.width, "W10", "\(callbacks.count) replays, expected \(Self.width)")
    }

    /// Dispatches `actions` actions (rounded up to whole batches) and checks one callback per batch.
    public func run(actions: Int) {
        let batchCount = (actions + Self.batchSize - 1) / Self.batchSize
        let before = callbacks.count
        for _ in 0..<batchCount {
            store.dispatch(contentsOf: batches[next])
            next = next == Self.width - 1 ? 0 : next + 1
        }
        check(callbacks.count == before + batchCount, "W10", "\(callbacks.count - before) callbacks for \(batchCount) batches")
    }
}
