/// The value offered to a callback subscription and not yet delivered, with its callback.
///
/// One object that both steps of the selection capture, and capture alone: a closure that
/// captures a single object uses it as its context, so a notification touches this object where
/// it touched the value's box and the delivery closure's context apart. In a list of many rows,
/// each object a row's notification touches is a cache miss.
@usableFromInline
final class PendingCallback<Value>: @unchecked Sendable {
    // `value` is guarded by the delivery lock of the store that runs the selection, as a
    // `SelectionBox` is; unchecked exclusivity for the same reason.
    @usableFromInline @exclusivity(unchecked)
    var value: Value?
    @usableFromInline
    let receive: @Sendable (Value) -> Void

    @inlinable
    init(_ receive: @escaping @Sendable (Value) -> Void) {
        self.receive = receive
    }

    /// Calls the callback with the value offered, if any, and lets go of it.
    @inlinable
    func deliver() {
        guard let value else { return }
        // Not kept past the delivery: a kept copy would make the next reducer copy the state.
        self.value = nil
        receive(value)
    }
}
