/// One subscription to a store: its selection, and whether it is still wanted.
@usableFromInline
final class Subscriber<State>: @unchecked Sendable {  // `isActive` is guarded by the store's delivery lock
    @usableFromInline
    let id: UInt64
    @usableFromInline
    let selection: Selection<State>
    /// Cleared on cancel, so that a delivery already under way skips it.
    @usableFromInline
    var isActive = true

    @usableFromInline
    init(id: UInt64, selection: Selection<State>) {
        self.id = id
        self.selection = selection
    }
}
