/// A weak reference that any thread may read: how the store's output (the handler its IO
/// closures dispatch to) refers to the store without keeping it alive.
///
/// Set once, by the store's initializer, before the store can be reached from another thread;
/// only read after that. So reads need no lock (a weak reference's loads are atomic in the
/// runtime), and the getter is inlinable, so that the app specializes it: run unspecialized, it
/// looked up the metadata of `Optional<Object>` every time an effect sent an action.
@usableFromInline
final class WeakReference<Object: AnyObject & Sendable>: @unchecked Sendable {  // written once, before it is shared
    @usableFromInline
    weak var object: Object?

    @usableFromInline
    init() {}

    /// The object, while it lives.
    @inlinable
    var value: Object? {
        object
    }

    /// Sets the object. Call once, before the reference is shared with other threads.
    @inlinable
    func set(_ object: Object) {
        self.object = object
    }
}
