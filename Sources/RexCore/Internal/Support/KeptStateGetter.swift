/// The state getter of a store's first turn, kept once and read at every turn after: a
/// supervisor's (RexMiddlewares), read by the check after each turn; a time traveller's
/// (RexDevTools), read by the getter its held middlewares are given, which it makes once instead
/// of at every turn.
///
/// Once kept, it is read with one atomic load (an ``AtomicWord``, the same on every platform)
/// and no lock: the check of a turn that changed nothing costs little more than its comparison.
///
/// Invariant: `stored` is `nil` while `isKept` is 0. The first ``keepIfNeeded(_:)`` writes it,
/// once, under `lock`, and then sets `isKept` to 1 with a releasing store; neither changes again.
/// It is read without the lock, and only after an acquiring load of `isKept` saw 1, which orders
/// the write before the read. The lock only keeps two first turns of two stores from both
/// writing. Debug builds check that `stored` is written once; ``checkInvariants()`` checks that
/// the flag and the getter agree.
@usableFromInline
package final class KeptStateGetter<State>: @unchecked Sendable {  // `stored` is written once, under `lock`, before `isKept` says so (release), and read only after `isKept` says so (acquire)
    private let lock = Lock()
    @exclusivity(unchecked) private var stored: GetState<State>?
    @usableFromInline let isKept = AtomicWord(0)

    package init() {}

    /// Keeps `getter` unless one is kept already.
    ///
    /// Inlinable, so that every turn after the first (the flag already set) costs its caller,
    /// in another module, one load and a branch rather than a call (W2l and W2s: about 15
    /// instructions a turn).
    @inlinable
    package func keepIfNeeded(_ getter: @escaping GetState<State>) {
        guard isKept.loadAcquiring() == 0 else { return }
        keepFirst(getter)
    }

    /// Keeps `getter` if no other thread kept one meanwhile: the first turn's part of
    /// ``keepIfNeeded(_:)``.
    @usableFromInline
    package func keepFirst(_ getter: @escaping GetState<State>) {
        lock.withLock {
            // Two first turns of two stores may race here; the first one's getter is kept.
            if isKept.loadAcquiring() == 0 {
                assert(stored == nil, "KeptStateGetter: the getter written twice")
                stored = getter
                isKept.storeReleasing(1)
            }
        }
    }

    /// The kept getter; `nil` before the first turn.
    package var getter: GetState<State>? {
        isKept.loadAcquiring() != 0 ? stored : nil
    }

    /// Stops a debug build if the flag and the getter disagree: kept, and no getter; or a getter
    /// and not yet said to be kept.
    package func checkInvariants() {
        #if DEBUG
        lock.withLock {
            let flag = isKept.loadAcquiring()
            assert(flag == 0 || flag == 1, "KeptStateGetter: the flag holds \(flag)")
            assert((flag == 1) == (stored != nil), "KeptStateGetter: the flag says \(flag == 1 ? "kept" : "not kept"), the getter is \(stored == nil ? "missing" : "there")")
        }
        #endif
    }
}
