/// The de-duplicating selections of one store whose values have one type, kept side by side and
/// offered each state in one loop.
///
/// Offering a state to a hundred projections one closure at a time costs two indirect calls
/// each (the selection, then its mapping), plus the unpacking of each closure's captures. Here
/// each member's last value and a reference to its mapping sit side by side in one contiguous
/// block: each member costs one call to its mapping and an inline comparison with its last value.
///
/// The block is memory the group allocates itself, not an array: reading an array out of a
/// class property retains its buffer (the calls in the loop could replace it), and an array of
/// last values written in the loop is checked for uniqueness on every offer. Both cost more
/// than a member's whole offer.
///
/// Invariant, checked after each change in debug builds (``checkInvariants()``): `members` holds
/// room for `capacity` members, the first `count` initialized (`0 <= count <= capacity`), each
/// with its mapping retained once by the group, and no subscriber twice. `join` grows the room
/// (doubling, from 8) before it is full; `leave` moves the later members down over the one that
/// leaves and releases its mapping; `deinit` releases every mapping and frees the room.
@usableFromInline
final class DeduplicatingGroup<State, Value: Equatable>: @unchecked Sendable {
    // Every property is guarded by the store's state lock (`StoreCore.lock`): members join,
    // leave and are offered states only while it is held. Unchecked exclusivity for the same
    // reason, and because the dynamic checks would cost more than a member's whole offer.

    /// What a member keeps beside its last value: in a box that the loop calls through
    /// without retaining it (a closure read out of memory is retained for its call).
    @usableFromInline
    final class Mapping: Sendable {
        @usableFromInline
        let transform: @Sendable (State) -> Value
        /// Takes a new value; returns whether the subscriber has something to deliver.
        @usableFromInline
        let passOn: @Sendable (Value) -> Bool
        @usableFromInline
        let subscriber: Subscriber<State>

        @inlinable
        init(
            transform: @escaping @Sendable (State) -> Value,
            passOn: @escaping @Sendable (Value) -> Bool,
            subscriber: Subscriber<State>
        ) {
            self.transform = transform
            self.passOn = passOn
            self.subscriber = subscriber
        }
    }

    /// One selection of the group. Its mapping is retained by the group: retained when it
    /// joins, released when it leaves or the group ends.
    @usableFromInline
    struct Member {
        @usableFromInline
        let mapping: Unmanaged<Mapping>
        @usableFromInline
        var last: Value

        @inlinable
        init(mapping: Unmanaged<Mapping>, last: Value) {
            self.mapping = mapping
            self.last = last
        }
    }

    /// `count` initialized members, in the order they joined, in room for `capacity`.
    @usableFromInline @exclusivity(unchecked)
    var members: UnsafeMutablePointer<Member>
    @usableFromInline @exclusivity(unchecked)
    var count = 0
    @usableFromInline @exclusivity(unchecked)
    var capacity = 0

    @inlinable
    init() {
        members = .allocate(capacity: 0)
    }

    deinit {
        for index in 0..<count {
            members[index].mapping.release()
        }
        members.deinitialize(count: count)
        members.deallocate()
    }

    /// Adds a subscriber with its mapping, and offers it `state`; returns whether it has a
    /// value to deliver.
    @inlinable
    func join(
        _ subscriber: Subscriber<State>,
        transform: @escaping @Sendable (State) -> Value,
        passOn: @escaping @Sendable (Value) -> Bool,
        state: State
    ) -> Bool {
        if count == capacity {
            capacity = Swift.max(8, capacity * 2)
            let larger = UnsafeMutablePointer<Member>.allocate(capacity: capacity)
            larger.moveInitialize(from: members, count: count)
            members.deallocate()
            members = larger
        }
        let value = transform(state)
        let mapping = Mapping(transform: transform, passOn: passOn, subscriber: subscriber)
        (members + count).initialize(to: Member(mapping: .passRetained(mapping), last: value))
        count += 1
        checkInvariants()
        return passOn(value)
    }

    /// Removes a subscriber; returns it, or `nil` if it is not a member.
    @inlinable
    func leave(_ id: UInt64) -> Subscriber<State>? {
        let isLeaving = { (index: Int) in self.members[index].mapping.takeUnretainedValue().subscriber.id == id }
        guard let index = (0..<count).first(where: isLeaving) else { return nil }
        let removed = (members + index).move().mapping.takeRetainedValue()
        (members + index).moveInitialize(from: members + index + 1, count: count - index - 1)
        count -= 1
        checkInvariants()
        return removed.subscriber
    }

    /// The subscribers' ids, in the order they joined.
    @usableFromInline
    var memberIDs: [UInt64] {
        (0..<count).map { members[$0].mapping.takeUnretainedValue().subscriber.id }
    }

    /// Stops a debug build when the invariant (above) does not hold; nothing in release builds.
    @inlinable
    func checkInvariants() {
        #if DEBUG
        assert(0 <= count && count <= capacity, "DeduplicatingGroup: \(count) members in room for \(capacity)")
        let ids = memberIDs
        assert(Set(ids).count == ids.count, "DeduplicatingGroup: a subscriber joined twice: \(ids)")
        #endif
    }

    /// Offers `state` to every member, and appends to `pending` the subscribers whose value
    /// changed and that have something to deliver.
    ///
    /// The state is borrowed and `pending` comes by pointer: a debug build copies a state read
    /// from an `inout` access that a closure captures, or passed beside another `inout`
    /// argument (onto the stack, as large as it is).
    @inlinable
    func offer(_ state: State, into pending: UnsafeMutablePointer<ContiguousArray<Subscriber<State>>>) {
        let members = self.members
        for index in 0..<count {
            let mapping = members[index].mapping
            let value = mapping._withUnsafeGuaranteedRef { $0.transform(state) }
            if members[index].last == value {
                continue
            }
            members[index].last = value
            mapping._withUnsafeGuaranteedRef { mapping in
                if mapping.passOn(value) {
                    pending.pointee.append(mapping.subscriber)
                }
            }
        }
    }
}
