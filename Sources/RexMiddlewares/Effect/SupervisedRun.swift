import RexCore

/// One start of a state-driven effect: whether its key is still in the state's set (while it is,
/// what the effect sends reaches the store), and whether its work has ended.
///
/// A restart makes a new run: the old one is let go first, so that what its effect sends while
/// it winds down is dropped too.
///
/// Invariant: `isKept` starts `true` and only ever becomes `false` (``letGoLocked()``);
/// `hasEnded` starts `false` and only ever becomes `true` (``end()``). Both are read and written
/// only with `lock` held, the supervision's lock, shared by all its runs. A run that is let go
/// has left the supervision's set in the same step (see ``SupervisedEffectSet``). Debug builds
/// check that the lock is held where a caller must hold it.
final class SupervisedRun: @unchecked Sendable {  // `isKept` and `hasEnded` are guarded by `lock`, the supervision's lock
    /// The lock of the supervision that made the run, shared by all its runs: a run is checked
    /// once per action its effect sends, too rarely to be worth a lock of its own.
    private let lock: Lock
    /// The key, described: what a test that ends with the effect running is told.
    let description: String
    // Checked: touched once per action a supervised effect sends, which costs far more.
    private var isKept = true
    private var hasEnded = false

    init(lock: Lock, description: String) {
        self.lock = lock
        self.description = description
    }

    /// Whether the state still keeps the effect (its key is in the set, with the value it
    /// started with) and its work has not ended.
    var isRunningKept: Bool {
        lock.withLock { isKept && !hasEnded }
    }

    /// Whether what the effect sends now should reach the store.
    var passesActions: Bool {
        lock.withLock { isKept }
    }

    /// Lets the run go: what its effect sends from now on is dropped. Call with the lock held.
    func letGoLocked() {
        lock.assertHeld("SupervisedRun: let go without the supervision's lock")
        isKept = false
    }

    /// Whether the state still keeps the run, read by a caller that holds the lock: what the
    /// invariant checks of ``SupervisedEffectSet`` read.
    var isKeptLocked: Bool {
        lock.assertHeld("SupervisedRun: read without the supervision's lock")
        return isKept
    }

    /// Notes that the effect's work returned.
    func end() {
        lock.withLock { hasEnded = true }
    }
}
