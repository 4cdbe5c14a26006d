/// One subscription to a store: the two steps of its selection, and whether it is still wanted.
///
/// Invariant: `isActive` is read and written only while the store's delivery lock is held
/// (`StoreCore.deliveryLock`). It is `true` from the start and while the subscriber is in the
/// store's tables; `unsubscribe` takes it out of the tables (under both locks) and then clears it,
/// once (``cancel()``), still under the delivery lock: it is never set again, so a delivery noted
/// before the cancel, and run after it, skips the subscriber. `id` is the store's own number for
/// it, given once (`StoreCore.subscribe`); `offer` and `deliver` never change. A debug build
/// checks that a subscriber is cancelled only once, and that every subscriber a turn offers a
/// state to is active.
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

    /// Marks the subscription cancelled, so that a delivery already under way skips it. Call
    /// with the delivery lock held, once the subscriber has left the store's tables.
    @inlinable
    func cancel() {
        assert(isActive, "Subscriber: subscription \(id) cancelled twice")
        isActive = false
    }
}
