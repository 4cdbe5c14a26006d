import RexCore

/// The state getter of a supervisor's first turn, kept once and read at every turn after: by
/// `handle`, to know whether it is kept, and by the check after the turn, to read the state.
///
/// Once kept, it is read with one atomic load (an ``AtomicWord``, the same on every platform)
/// and no lock: the check of a turn that changed nothing costs little more than its comparison.
final class KeptStateGetter<State>: @unchecked Sendable {  // `stored` is written once, under `lock`, before `isKept` says so (release), and read only after `isKept` says so (acquire)
    private let lock = Lock()
    @exclusivity(unchecked) private var stored: GetState<State>?
    private let isKept = AtomicWord(0)

    init() {}

    /// Keeps `getter` unless one is kept already.
    @inline(__always)
    func keepIfNeeded(_ getter: @escaping GetState<State>) {
        guard isKept.loadAcquiring() == 0 else { return }
        lock.withLock {
            // Two first turns of two stores may race here; the first one's getter is kept.
            if isKept.loadAcquiring() == 0 {
                stored = getter
                isKept.storeReleasing(1)
            }
        }
    }

    /// The kept getter; `nil` before the first turn.
    var getter: GetState<State>? {
        isKept.loadAcquiring() != 0 ? stored : nil
    }
}
