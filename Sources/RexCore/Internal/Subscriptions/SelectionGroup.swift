/// A ``DeduplicatingGroup`` or a ``RowGroup`` as the store keeps it, without its types.
///
/// The closures are made where the value type is known, so that what they call runs
/// specialized for it.
///
/// Invariant: `members` is an object of the type `key.type` names (the typed group), and
/// `offer` and `leave` call that same object; a ``SelectionGroupMember`` joins only a group of
/// its own key (the store finds the group by key, `StoreCore.group(for:)`), which is what makes
/// its `unsafeDowncast` of `members` sound. Every use is under the store's state lock, as the
/// typed groups' own invariants say. A debug build checks the type when the group is made and at
/// each join (``checkInvariants()``).
@usableFromInline
final class SelectionGroup<State>: Sendable {
    /// What the members share: one group per key and store.
    @usableFromInline
    let key: SelectionGroupKey
    /// The typed group, for ``SelectionGroupMember/join``.
    @usableFromInline
    let members: AnyObject & Sendable
    /// Offers a state to every member, noting in the array those with a value to deliver.
    ///
    /// The state comes `inout`, by its address, so that a row group can lend its collection in
    /// place (see `KeyPathReader.withValue`); the array comes by pointer: at a call that passes the
    /// state from an `inout` access together with another `inout` argument, a debug build copied
    /// the state first (onto the stack, as large as it is).
    @usableFromInline
    let offer: @Sendable (inout State, UnsafeMutablePointer<ContiguousArray<Subscriber<State>>>) -> Void
    /// Removes the member with this subscriber id and returns its subscriber, if it is here.
    @usableFromInline
    let leave: @Sendable (UInt64) -> Subscriber<State>?
    #if DEBUG
    /// The members' subscriber ids, for the store's checks of its tables.
    @usableFromInline
    let memberIDs: @Sendable () -> [UInt64]
    #endif

    @inlinable
    init<Value: Equatable & Sendable>(_ group: DeduplicatingGroup<State, Value>) {
        key = SelectionGroupKey(DeduplicatingGroup<State, Value>.self)
        members = group
        offer = { state, pending in group.offer(state, into: pending) }
        leave = { id in group.leave(id) }
        #if DEBUG
        memberIDs = { group.memberIDs }
        checkInvariants()
        #endif
    }

    @inlinable
    init<ID: Hashable & Sendable, Element, Value: Equatable & Sendable>(_ group: RowGroup<State, ID, Element, Value>, key: SelectionGroupKey) {
        self.key = key
        members = group
        offer = { state, pending in group.offer(&state, into: pending) }
        leave = { id in group.leave(id) }
        #if DEBUG
        memberIDs = { Array(group.rowOfSubscriber.keys) }
        checkInvariants()
        #endif
    }

    /// Stops a debug build when `members` is not of the type its key names.
    @inlinable
    func checkInvariants() {
        assert(ObjectIdentifier(type(of: members)) == key.type, "SelectionGroup: a \(type(of: members)) under another type's key")
    }
}

/// What the selections of one group share: the group's type and, for rows, the key path of
/// their collection.
@usableFromInline
struct SelectionGroupKey: Equatable, Sendable {
    @usableFromInline
    let type: ObjectIdentifier
    @usableFromInline
    let path: (AnyKeyPath & Sendable)?

    @inlinable
    init(_ type: Any.Type, path: (AnyKeyPath & Sendable)? = nil) {
        self.type = ObjectIdentifier(type)
        self.path = path
    }

    @inlinable
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.type == rhs.type && lhs.path == rhs.path
    }
}

/// How a de-duplicating selection joins a ``SelectionGroup`` of the store it subscribes to,
/// instead of being offered each state on its own.
@usableFromInline
struct SelectionGroupMember<State>: Sendable {
    /// The group this selection belongs in.
    @usableFromInline
    let key: SelectionGroupKey
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
        key = SelectionGroupKey(DeduplicatingGroup<State, Value>.self)
        makeGroup = { SelectionGroup(DeduplicatingGroup<State, Value>()) }
        join = { group, subscriber, state in
            group.checkInvariants()
            assert(group.key.type == ObjectIdentifier(DeduplicatingGroup<State, Value>.self), "SelectionGroupMember: joining another type's group")
            return unsafeDowncast(group.members, to: DeduplicatingGroup<State, Value>.self)
                .join(subscriber, transform: transform, passOn: passOn, state: state)
        }
    }

    /// A member of the group of rows of the collection at `path`, for the element with `id`.
    @inlinable
    init<ID: Hashable & Sendable, Element, Value: Equatable & Sendable>(
        rowOf id: ID,
        in path: KeyPath<State, IdentifiedArray<ID, Element>> & Sendable,
        collection: KeyPathReader<State, IdentifiedArray<ID, Element>>,
        transform: @escaping @Sendable (Element) -> Value,
        fallback: @escaping @Sendable () -> Value,
        keepLast: @escaping @Sendable (Value) -> Void,
        passOn: @escaping @Sendable (Value) -> Bool
    ) {
        let key = SelectionGroupKey(RowGroup<State, ID, Element, Value>.self, path: path)
        self.key = key
        makeGroup = { SelectionGroup(RowGroup<State, ID, Element, Value>(collection: collection), key: key) }
        join = { group, subscriber, state in
            group.checkInvariants()
            assert(group.key.type == ObjectIdentifier(RowGroup<State, ID, Element, Value>.self), "SelectionGroupMember: joining another type's group")
            return unsafeDowncast(group.members, to: RowGroup<State, ID, Element, Value>.self)
                .join(
                    subscriber, id: id, transform: transform, passOn: passOn, keepLast: keepLast, fallback: fallback(),
                    state: state
                )
        }
    }
}
