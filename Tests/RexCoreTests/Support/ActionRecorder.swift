import Foundation
import RexCore

/// Records what tests see, from any thread, in order.
final class ActionRecorder<Action: Sendable>: @unchecked Sendable {  // `recorded` is guarded by `lock`
    private let lock = NSLock()
    private var recorded: [Action] = []

    init() {}

    /// Appends one value.
    func record(_ action: Action) {
        lock.withLock { recorded.append(action) }
    }

    /// Everything recorded so far, in order.
    var actions: [Action] {
        lock.withLock { recorded }
    }

    /// An output handler that records the actions dispatched to it.
    var output: AnyActionHandler<Action> {
        AnyActionHandler { [self] dispatched in record(dispatched.action) }
    }
}
