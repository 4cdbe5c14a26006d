/// The last view state a row projection read, or notified before its element went: what it gives
/// once its element is gone.
@usableFromInline
final class LastRowState<Value: Sendable>: @unchecked Sendable {  // `stored` is guarded by `lock`
    @usableFromInline
    let lock = Lock()
    /// Unchecked exclusivity: `lock` already keeps accesses apart.
    @usableFromInline @exclusivity(unchecked)
    var stored: Value

    @usableFromInline
    init(_ value: Value) {
        stored = value
    }

    @inlinable
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
