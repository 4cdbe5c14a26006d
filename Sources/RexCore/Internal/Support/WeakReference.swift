/// A weak reference that any thread may read: how the store's output (the handler its IO
/// closures dispatch to) refers to the store without keeping it alive.
///
/// Set once, by the store's initializer, before the store can be reached from another thread;
/// only read after that. So reads need no lock (a weak reference's loads are atomic in the
/// runtime), and the getter is inlinable, so that the app specializes it: run unspecialized, it
/// looked up the metadata of `Optional<Object>` every time an effect sent an action.
///
/// Invariant: `object` is written once, by `set`, before the reference is shared with another
/// thread, and only read after that: the reads need no lock because no write can race them. It
/// does not keep the object alive: the object's owners do, and once it goes, `value` is `nil`.
/// A debug build stops at a second `set`, and at a read before the first (``checkSet()``).
@usableFromInline
final class WeakReference<Object: AnyObject & Sendable>: @unchecked Sendable {  // written once, before it is shared
    @usableFromInline
    weak var object: Object?
    #if DEBUG
    /// Whether `set` ran: written with `object`, before the reference is shared.
    @usableFromInline
    var isSet = false
    #endif

    @usableFromInline
    init() {}

    /// The object, while it lives.
    @inlinable
    var value: Object? {
        checkSet()
        return object
    }

    /// Sets the object. Call once, before the reference is shared with other threads.
    @inlinable
    func set(_ object: Object) {
        #if DEBUG
        assert(!isSet, "WeakReference: set twice")
        isSet = true
        #endif
        self.object = object
    }

    /// Stops a debug build when the reference is read before it is set.
    @inlinable
    func checkSet() {
        #if DEBUG
        assert(isSet, "WeakReference: read before it was set")
        #endif
    }
}
