/// A weak reference that any thread may read: how the store's output (the handler its IO
/// closures dispatch to) refers to the store without keeping it alive.
@usableFromInline
final class WeakReference<Object: AnyObject & Sendable>: @unchecked Sendable {  // `object` is guarded by `lock`
    private let lock = Lock()
    private weak var object: Object?

    @usableFromInline
    init() {}

    /// The object, while it lives.
    @usableFromInline
    var value: Object? {
        get { lock.withLock { object } }
        set { lock.withLock { object = newValue } }
    }
}
