/// Debug builds: says, once per lift, that an action reached a reducer lifted into an optional
/// part of the state while that part was `nil`, naming the action and where it came from.
///
/// Such an action is skipped, as it must be (there is no state to change), but it usually means a
/// mistake: an effect that outlived its feature, a view still dispatching after its sheet closed,
/// a parent that cleared the part before its child's last action. Said once, so that a feature
/// that does this often does not flood the console.
@usableFromInline
final class AbsentPartReport: @unchecked Sendable {  // `hasReported` is guarded by `lock`
    private let lock = Lock()
    private var hasReported = false
    private let part: String

    /// A report for the lift into `part` (a key path's description, or a state type's name).
    @usableFromInline
    init(part: String) {
        self.part = part
    }

    /// Reports `action`, the first time only.
    @usableFromInline
    func report(_ action: Any) {
        let isFirst = lock.withLock {
            defer { hasReported = true }
            return !hasReported
        }
        guard isFirst else { return }
        let source = ReducedActionSource.current.map { " from \($0)" } ?? ""
        DebugMessages.report(
            """
            \(action)\(source) reached a reducer lifted with liftOptional into \(part) while it is nil; \
            the action was skipped. An effect or a view that outlives its feature's state, or a \
            parent that clears the state before its child's last action, usually does this. \
            (Said once for this lift.)
            """
        )
    }
}
