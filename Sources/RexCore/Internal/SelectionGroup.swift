/// A ``DeduplicatingGroup`` as the store keeps it, without its value type.
///
/// The closures are made where the value type is known, so that what they call runs
/// specialized for it.
@usableFromInline
final class SelectionGroup<State>: Sendable {
    /// The type of the values the members select: one group per type and store.
    @usableFromInline
    let valueType: ObjectIdentifier
    /// The typed group, for ``SelectionGroupMember/join``.
    @usableFromInline
    let members: AnyObject & Sendable
    /// Offers a state to every member, noting in the array those with a value to deliver.
    @usableFromInline
    let offer: @Sendable (State, inout ContiguousArray<Subscriber<State>>) -> Void
    /// Removes the member with this subscriber id and returns its subscriber, if it is here.
    @usableFromInline
    let leave: @Sendable (UInt64) -> Subscriber<State>?

    @inlinable
    init<Value: Equatable & Sendable>(_ group: DeduplicatingGroup<State, Value>) {
        valueType = ObjectIdentifier(Value.self)
        members = group
        offer = { state, pending in group.offer(state, into: &pending) }
        leave = { id in group.leave(id) }
    }
}

/// How a de-duplicating selection joins a ``SelectionGroup`` of the store it subscribes to,
/// instead of being offered each state on its own.
@usableFromInline
struct SelectionGroupMember<State>: Sendable {
    /// The group this selection belongs in.
    @usableFromInline
    let valueType: ObjectIdentifier
    /// Makes the group, when the store has none for this value type yet.
    @usableFromInline
    let makeGroup: @Sendable () -> SelectionGroup<State>
    /// Adds the selection to the group under a subscriber and offers it a state; returns
    /// whether it has a value to deliver.
    @usableFromInline
    let join: @Sendable (SelectionGroup<State>, Subscriber<State>, State) -> Bool

    @inlinable
    init<Value: Equatable & Sendable>(
        transform: @escaping @Sendable (State) -> Value,
        passOn: @escaping @Sendable (Value) -> Bool
    ) {
        valueType = ObjectIdentifier(Value.self)
        makeGroup = { SelectionGroup(DeduplicatingGroup<State, Value>()) }
        join = { group, subscriber, state in
            unsafeDowncast(group.members, to: DeduplicatingGroup<State, Value>.self)
                .join(subscriber, transform: transform, passOn: passOn, state: state)
        }
    }
}
