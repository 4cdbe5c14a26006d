import Foundation
import RexCore

/// A test store's state, in a box of its own, so that the state getters handed to middlewares
/// hold the box and not the store: an effect that outlives its test store (one that `finish()`
/// left behind) then reads the store's last state, as a getter of a real store does once its
/// store is gone, instead of reaching a released store.
final class TestStoreState<State: Sendable>: @unchecked Sendable {  // `value` is guarded by `lock`
    private let lock = NSLock()
    private var value: State

    init(_ value: State) {
        self.value = value
    }

    /// The state after the last step.
    var current: State {
        lock.withLock { value }
    }

    /// Applies `action` with `reducer`, and returns the state after it.
    func reduce<Action>(_ action: Action, with reducer: Reducer<Action, State>) -> State {
        lock.withLock {
            reducer.reduce(action, &value)
            return value
        }
    }
}
