// Linux keeps the flag in an atomic; Apple systems (where `Atomic` needs macOS 15 and its peers,
// newer than Rex supports) under a lock. Built with `-DREX_LOCKED_SUPERVISION`, Linux takes the
// lock too, as CI does once (with its other Apple paths), so that the Apple branch is compiled
// and run here.
#if !canImport(Darwin) && !REX_LOCKED_SUPERVISION
import Synchronization
#endif
import RexCore

/// The state getter of a supervisor's first turn, kept once and read at every turn after: by
/// `handle`, to know whether it is kept, and by the check after the turn, to read the state.
///
/// On Linux, once kept, it is read with one atomic load and no lock: the check of a turn that
/// changed nothing costs little more than its one comparison.
final class KeptStateGetter<StateType>: @unchecked Sendable {  // `stored` is written once, under `lock`, before `isKept` (or, on Apple systems, `storedIsKept`, under `lock`) says so; read only after
    private let lock = Lock()
    @exclusivity(unchecked) private var stored: GetState<StateType>?
    #if canImport(Darwin) || REX_LOCKED_SUPERVISION
    @exclusivity(unchecked) private var storedIsKept = false
    #else
    private let isKept = Atomic<Bool>(false)
    #endif

    init() {}

    /// Keeps `getter` unless one is kept already.
    @inline(__always)
    func keepIfNeeded(_ getter: @escaping GetState<StateType>) {
        #if canImport(Darwin) || REX_LOCKED_SUPERVISION
        lock.withLock {
            if !storedIsKept {
                stored = getter
                storedIsKept = true
            }
        }
        #else
        guard !isKept.load(ordering: .acquiring) else { return }
        lock.withLock {
            // Two first turns of two stores may race here; the first one's getter is kept.
            if !isKept.load(ordering: .acquiring) {
                stored = getter
                isKept.store(true, ordering: .releasing)
            }
        }
        #endif
    }

    /// The kept getter; `nil` before the first turn.
    var getter: GetState<StateType>? {
        #if canImport(Darwin) || REX_LOCKED_SUPERVISION
        lock.withLock { storedIsKept ? stored : nil }
        #else
        isKept.load(ordering: .acquiring) ? stored : nil
        #endif
    }
}
