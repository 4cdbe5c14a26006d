/// One subscription to a store's states.
///
/// `isActive` is read and written only while the store's delivery lock is held, which is what
/// lets a cancelled subscription be sure it is never called again once `cancel()` returns.
@usableFromInline
final class Subscriber<State>: @unchecked Sendable {  // `isActive` is guarded by the store's delivery lock
    @usableFromInline
    let id: UInt64
    @usableFromInline
    let receive: @Sendable (State) -> Void
    @usableFromInline
    var isActive = true

    @usableFromInline
    init(id: UInt64, receive: @escaping @Sendable (State) -> Void) {
        self.id = id
        self.receive = receive
    }
}
