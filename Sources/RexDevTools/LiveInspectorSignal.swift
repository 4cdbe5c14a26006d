import RexAtomics
import RexCore

/// Wakes a ``LiveInspector``'s sending task when there may be something to send: a turn ended,
/// or a command was rejected. What there is to send is not here (the steps wait in the
/// recorder); only the sending task's wait is.
///
/// A turn's cost is ``notify()``: a fence and a load while the sending task is not waiting (it
/// sleeps between batches, and the turns go on); the lock only when it waits, to take it. The
/// sending task first hands over its continuation, then looks for work, so that a turn that
/// ends while it looks is not missed: either the look sees the turn's step, or the turn's
/// `notify()` sees the task waiting and resumes it. (Each side stores, then a fence, then loads
/// what the other stored: the turn its step, then `isWaiting`; the task `isWaiting`, then the
/// steps. With both fences in the single order of sequentially consistent operations, at least
/// one of them sees the other's store.)
//
// Invariant: `lock` guards `waiter` and `stopped`; `isWaiting` is 1 exactly when `waiter` holds a
// continuation, changed only under the lock and read without it; once stopped, `waiter` stays
// `nil`. A continuation is taken out of `waiter` under the lock before it is resumed, so that it
// is resumed once. Unchecked exclusivity: the lock already keeps the accesses apart.
@usableFromInline
final class LiveInspectorSignal: @unchecked Sendable {
    // @unchecked: `waiter` and `stopped` are guarded by `lock`; `isWaiting` is atomic.
    private let lock = Lock()
    @exclusivity(unchecked) private var waiter: CheckedContinuation<Void, Never>? {
        didSet { isWaiting.storeRelaxed(waiter == nil ? 0 : 1) }
    }
    /// 1 while `waiter` holds a continuation: what a turn reads, without the lock.
    private let isWaiting = AtomicWord(0)
    @exclusivity(unchecked) private var stopped = false

    init() {}

    /// Resumes the sending task if it waits. Call after storing what there is to send.
    @usableFromInline
    func notify() {
        // Orders the caller's store of its step before the load of `isWaiting` (see above).
        rex_atomic_fence_sequential()
        if isWaiting.loadRelaxed() != 0 {
            wake()
        }
    }

    /// Resumes the sending task, taken from `waiter` under the lock if it is still there.
    // Apart from `notify()`: the optional continuation, a type of the standard library whose size
    // is known at run time, made `notify()` find its metadata on every call (about 25
    // instructions a turn).
    @inline(never)
    private func wake() {
        lock.lock()
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume()
    }

    /// Returns once notified, or at once if `hasWork()` (asked after the wait is set up, so
    /// that no notification between the two is lost) or if stopped.
    func wait(unlessAfterwards hasWork: () -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            guard !stopped else {
                lock.unlock()
                continuation.resume()
                return
            }
            waiter = continuation
            lock.unlock()
            // Orders the store of `isWaiting` before the look for work (see above).
            rex_atomic_fence_sequential()
            if hasWork() {
                wake()
            }
        }
    }

    /// Resumes the sending task if it waits; from now on, ``wait(unlessAfterwards:)`` returns at
    /// once.
    func stop() {
        lock.lock()
        stopped = true
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume()
    }
}
