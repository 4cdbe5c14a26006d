/// The value offered to a callback subscription and not yet delivered, with its callback.
///
/// One object that both steps of the selection capture, and capture alone: a closure that
/// captures a single object uses it as its context, so a notification touches this object where
/// it touched the value's box and the delivery closure's context apart. In a list of many rows,
/// each object a row's notification touches is a cache miss.
///
/// Invariant: `value` is read and written only while the delivery lock of the store that runs
/// the selection is held (`StoreCore.deliveryLock`; for a provider that is not ours, the lock
/// `StateProvider.subscribe(selection:)` takes round each step): the selection's `offer` sets it
/// (a later offer replaces a value not yet delivered), and `deliver` takes it, leaving `nil`,
/// before it calls `receive`, so each value offered is delivered at most once and nothing is
/// kept after. A delivery never starts inside another of the same object (under that lock, no
/// turn of the store runs inside a delivery). `receive` never changes. A debug build checks
/// both after each delivery's take (``checkTaken()``).
@usableFromInline
final class PendingCallback<Value>: @unchecked Sendable {
    // `value` is guarded by the delivery lock of the store that runs the selection, as a
    // `SelectionBox` is; unchecked exclusivity for the same reason.
    @usableFromInline @exclusivity(unchecked)
    var value: Value?
    @usableFromInline
    let receive: @Sendable (consuming Value) -> Void
    #if DEBUG
    /// Whether `receive` is running: a delivery inside it would be one the lock let through.
    @usableFromInline
    var isDelivering = false
    #endif

    @inlinable
    init(_ receive: @escaping @Sendable (consuming Value) -> Void) {
        self.receive = receive
    }

    /// Calls the callback with the value offered, if any, and lets go of it.
    @inlinable
    func deliver() {
        // Taken, not copied: not kept past the delivery (a kept copy would make the next reducer
        // copy the state), and no copy made for it (a copy of a state retains each reference it
        // holds, and releases them after).
        guard let value = value.take() else { return }
        #if DEBUG
        checkTaken()
        isDelivering = true
        defer { isDelivering = false }
        #endif
        receive(consume value)
    }

    /// Stops a debug build when a delivery's take broke the invariant (above): the value is still
    /// held, or a delivery of this object is already under way.
    @inlinable
    func checkTaken() {
        #if DEBUG
        assert(value == nil, "PendingCallback: a delivered value is still held")
        assert(!isDelivering, "PendingCallback: a delivery inside a delivery of the same subscription")
        #endif
    }
}
