import RexCore

/// W10: W3's store (100 `Int` values, 100 de-duplicating projections), fed in batches of 100
/// actions with `dispatch(contentsOf:)`; every action of a batch bumps the same value, so one
/// notification pass per batch calls exactly one projection back, once.
public final class BatchesWorkload {
    public typealias Action = FanOutWorkload.Action

    public static let batchSize = 100

    let store = FanOutWorkload.makeStore()
    let callbacks = CallbackCounter()
    let tokens: [SubscriptionToken]
    var next = 0
    /// The batches, made once: what is measured is their dispatch.
    let batches: [[Action]] = (0..<FanOutWorkload.width).map { index in
        [Action](repeating: .bump(index), count: BatchesWorkload.batchSize)
    }

    public init() {
        tokens = FanOutWorkload.subscribeProjections(to: store, counting: callbacks, workload: "W10")
    }

    /// Dispatches `actions` actions (rounded up to whole batches) and checks one callback per batch.
    public func run(actions: Int) {
        let batchCount = (actions + Self.batchSize - 1) / Self.batchSize
        let before = callbacks.count
        for _ in 0..<batchCount {
            store.dispatch(contentsOf: batches[next])
            next = next == FanOutWorkload.width - 1 ? 0 : next + 1
        }
        check(callbacks.count == before + batchCount, "W10", "\(callbacks.count - before) callbacks for \(batchCount) batches")
    }
}
