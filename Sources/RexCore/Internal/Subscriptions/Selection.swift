/// What one subscription wants from each committed state, split in two steps so that the
/// store can run the cheap part for every subscription in one pass and call back only those
/// whose value changed.
///
/// - `offer` runs while the store holds its state lock (and its delivery lock): it maps the
///   state to the subscriber's value, compares it with the last one when de-duplicating, and
///   keeps it for delivery. It returns whether there is something to deliver.
/// - `deliver` runs after the state lock is released (delivery lock still held) and calls the
///   subscriber with what `offer` kept.
///
/// A projection of a projection wraps its parent's steps, so however deep the chain, the store
/// holds one flat list of selections and runs them in one pass.
@usableFromInline
struct Selection<Input>: Sendable {
    @usableFromInline
    let offer: @Sendable (Input) -> Bool
    @usableFromInline
    let deliver: @Sendable () -> Void
    /// Set when the store this selection subscribes to may run it in a group with the other
    /// de-duplicating selections of its value type, instead of calling `offer`.
    @usableFromInline
    let groupMember: SelectionGroupMember<Input>?

    @inlinable
    init(
        offer: @escaping @Sendable (Input) -> Bool,
        deliver: @escaping @Sendable () -> Void,
        groupMember: SelectionGroupMember<Input>? = nil
    ) {
        self.offer = offer
        self.deliver = deliver
        self.groupMember = groupMember
    }

    /// A selection that calls `receive` with every value offered.
    @inlinable
    static func callback(_ receive: @escaping @Sendable (consuming Input) -> Void) -> Selection {
        if MemoryLayout<Input>.size > largeValueSize {
            return largeCallback(receive)
        }
        let pending = PendingCallback(receive)
        return Selection(
            offer: { value in
                pending.value = value
                return true
            },
            deliver: { pending.deliver() }
        )
    }

    /// The size above which a value is delivered from a snapshot on the heap.
    @inlinable
    static var largeValueSize: Int { 4_096 }

    /// A selection that calls `receive` with every value offered, for a large value stored
    /// inline (a state holding an `InlineArray`, say): each value is kept in an immutable
    /// snapshot on the heap and handed to `receive` from there. Kept in an optional, it would be
    /// copied onto the stack to be delivered, as large as it is.
    @inlinable
    static func largeCallback(_ receive: @escaping @Sendable (consuming Input) -> Void) -> Selection {
        let pending = PendingCallback<Snapshot<Input>> { snapshot in receive(snapshot.value) }
        return Selection(
            offer: { value in
                pending.value = Snapshot(value)
                return true
            },
            deliver: { pending.deliver() }
        )
    }

    /// A selection of a parent's values that maps each one and passes it on to `self`.
    @inlinable
    func mapped<Parent>(_ transform: @escaping @Sendable (Parent) -> Input) -> Selection<Parent> {
        let offer = self.offer
        return Selection<Parent>(offer: { parent in offer(transform(parent)) }, deliver: deliver)
    }

    /// A selection of a parent's values that maps each one and passes it on to `self` only when
    /// it differs from the last one passed on.
    @inlinable
    func mappedRemovingDuplicates<Parent>(_ transform: @escaping @Sendable (Parent) -> Input) -> Selection<Parent>
    where Input: Equatable & Sendable {
        // A store runs the selection in its group for `Input` (see `DeduplicatingGroup`);
        // `offer` serves everything else: a projection's parent projection, or another provider.
        let offer = self.offer
        let last = SelectionBox<Input>()
        return Selection<Parent>(
            offer: { parent in
                let value = transform(parent)
                if let previous = last.value, previous == value { return false }
                last.value = value
                return offer(value)
            },
            deliver: deliver,
            groupMember: SelectionGroupMember(transform: transform, passOn: offer)
        )
    }
}

/// A value a selection keeps between calls.
///
/// Invariant: `value` is read and written only by the selection's `offer`, which runs with the
/// delivery lock of the store that runs the selection held (or, for a provider that is not ours,
/// the lock `StateProvider.subscribe(selection:)` takes round each step). It is `nil` until the
/// selection first passes a value on, then the last value passed on: `offer` writes only a value
/// it passes on, never `nil`. Nothing to check at run time beyond what the compiler does: the
/// lock is the store's, and a recursive lock cannot tell this thread it holds it.
@usableFromInline
final class SelectionBox<Value>: @unchecked Sendable {
    // `value` is guarded by the delivery lock of the store that runs the selection: every
    // `offer` and `deliver` runs while that lock is held (see `StoreCore.deliveryLock`, and
    // `StateProvider.subscribe(selection:)` for stores that are not ours).
    // Unchecked: the delivery lock already keeps accesses apart, and the dynamic exclusivity
    // check would cost more than the rest of a selection's work.
    @usableFromInline @exclusivity(unchecked)
    var value: Value?

    @inlinable
    init() {}
}

/// A value kept on the heap, immutable, so that it can be handed on by reference.
///
/// Invariant: `value` never changes after `init`. Unchecked because `Value` need not be
/// `Sendable`: a snapshot is made and read under the lock that guards whoever holds it (the
/// delivery lock for a large callback's pending value, the state lock for a batch's start state).
@usableFromInline
final class Snapshot<Value>: @unchecked Sendable {  // immutable; made and read under the lock of whoever holds it
    @usableFromInline
    let value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}
