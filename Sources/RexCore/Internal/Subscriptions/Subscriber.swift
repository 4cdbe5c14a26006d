/// One subscription to a store: the two steps of its selection, and whether it is still wanted.
@usableFromInline
final class Subscriber<State>: @unchecked Sendable {  // `isActive` is guarded by the store's delivery lock
    // Small, and in the order a delivery reads it: every notification of a row touches this
    // object, and in a list of many rows that is a cache miss for each line it spans. The
    // selection's group membership is used once, to subscribe, and is not kept.

    /// Cleared on cancel, so that a delivery already under way skips it. Unchecked exclusivity:
    /// the delivery lock already keeps accesses apart, and the dynamic check cost each delivery
    /// about 65 instructions.
    @usableFromInline @exclusivity(unchecked)
    var isActive = true
    @usableFromInline
    let id: UInt64
    /// The selection's `deliver`.
    @usableFromInline
    let deliver: @Sendable () -> Void
    /// The selection's `offer`.
    @usableFromInline
    let offer: @Sendable (State) -> Bool

    @usableFromInline
    init(id: UInt64, selection: Selection<State>) {
        self.id = id
        deliver = selection.deliver
        offer = selection.offer
    }
}
