/// The `offer` step of a de-duplicating selection: maps each parent value and passes it on only
/// when it differs from the last one passed on.
///
/// A class, so that the `offer` closure captures this one reference and nothing else: Swift then
/// uses it as the closure's context and calls the closure without unpacking a capture box. It
/// runs once per subscription per action, for every subscription, so each instruction counts.
@usableFromInline
final class Deduplicator<Parent, Value: Equatable>: @unchecked Sendable {
    // `last` is guarded by the delivery lock of the store that runs the selection, like
    // `SelectionBox.value`; the other properties are immutable.
    @usableFromInline
    let transform: @Sendable (Parent) -> Value
    @usableFromInline
    let passOn: @Sendable (Value) -> Bool
    @usableFromInline @exclusivity(unchecked)
    var last: Value?

    @inlinable
    init(transform: @escaping @Sendable (Parent) -> Value, passOn: @escaping @Sendable (Value) -> Bool) {
        self.transform = transform
        self.passOn = passOn
    }

    /// Maps `parent`; passes the value on, and returns whether it was passed, only if it changed.
    @inlinable
    func offer(_ parent: Parent) -> Bool {
        let value = transform(parent)
        if let last, last == value {
            return false
        }
        return change(to: value)
    }

    /// Kept out of line: most offers find nothing changed, and then need none of the registers
    /// that keeping and passing on a value needs.
    @inlinable @inline(never)
    func change(to value: Value) -> Bool {
        last = value
        return passOn(value)
    }
}
