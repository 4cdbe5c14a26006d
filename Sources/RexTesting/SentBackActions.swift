import Foundation
import RexCore

/// The actions a test store's middleware sent back, waiting for `receive` to take them, in the
/// order they were sent.
final class SentBackActions<Action: Sendable>: @unchecked Sendable {  // `pending` and `waiters` are guarded by `lock`
    private let lock = Lock()
    private var pending: [DispatchedAction<Action>] = []
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Keeps an action sent back, and wakes whoever waits for one.
    func append(_ action: DispatchedAction<Action>) {
        let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
            pending.append(action)
            defer { waiters.removeAll() }
            return waiters
        }
        ready.forEach { $0.resume() }
    }

    /// The actions sent back and not taken yet, in order.
    var actions: [Action] {
        lock.withLock { pending.map(\.action) }
    }

    /// Takes the first action sent back, if any.
    func takeFirst() -> DispatchedAction<Action>? {
        lock.withLock { pending.isEmpty ? nil : pending.removeFirst() }
    }

    /// Returns once an action is there to take (at once if one is).
    func waitForOne() async {
        await withCheckedContinuation { continuation in
            let ready: Bool = lock.withLock {
                if !pending.isEmpty { return true }
                waiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
