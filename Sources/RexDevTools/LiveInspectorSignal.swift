import RexCore

/// Wakes a ``LiveInspector``'s sending task when there may be something to send: a turn ended,
/// or a command was rejected. What there is to send is not here (the steps wait in the
/// recorder); only the sending task's wait is.
///
/// A turn's cost is ``notify()``: one lock, held to take the waiting task if there is one. The
/// sending task first hands over its continuation, then looks for work, so that a turn that
/// ends while it looks is not missed: either the look sees the turn's step, or the turn's
/// `notify()` comes after the continuation was handed over and resumes it.
//
// Invariant: `lock` guards `waiter`, `isWaiting` and `stopped`; `isWaiting` is whether `waiter`
// holds a continuation; once stopped, `waiter` stays `nil`. A continuation is taken out of
// `waiter` under the lock before it is resumed, so that it is resumed once. Unchecked
// exclusivity: the lock already keeps the accesses apart, and the dynamic checks cost each
// turn's `notify()` more than the lock does.
@usableFromInline
final class LiveInspectorSignal: @unchecked Sendable {
    // @unchecked: `waiter`, `isWaiting` and `stopped` are guarded by `lock`.
    private let lock = Lock()
    @exclusivity(unchecked) private var waiter: CheckedContinuation<Void, Never>? {
        didSet { isWaiting = waiter != nil }
    }
    /// Whether `waiter` holds a continuation: what a turn reads, cheaper than the optional.
    @exclusivity(unchecked) private var isWaiting = false
    @exclusivity(unchecked) private var stopped = false

    init() {}

    /// Resumes the sending task if it waits.
    @usableFromInline
    func notify() {
        lock.lock()
        guard isWaiting else {
            lock.unlock()
            return
        }
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
            if hasWork() {
                notify()
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
