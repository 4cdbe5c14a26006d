// Invariant of the subscriber tables (`fields.pointee.subscribers`, `groups`, `groupedCount`,
// `nextSubscriberID`) and of `pendingDeliveries`:
//
// - The tables are read and written only through a `HeldLock` (the state lock held), and changed
//   only with the delivery lock held too (subscribing, unsubscribing, emptying them as the store
//   goes): a delivery, which holds the delivery lock, sees them unchanged.
// - Every subscriber in the tables is active, has an id below `nextSubscriberID`, and is in one
//   place only: `subscribers` (in the order of their ids, as they subscribed) or one group;
//   `groupedCount` is the number of the groups' members; no two groups have one key, and each
//   group is of the type its key names (see `SelectionGroup`).
// - `pendingDeliveries` is read and written only with the delivery lock held. It is empty
//   between turns: `offerToSubscribers` fills it (in the order of ids), and `deliverPending`, in
//   the same hold of the delivery lock, empties it.
// - The loops call subscribers and groups through unretained references: in
//   `offerToSubscribers`, the tables own them, and nothing changes the tables while both locks are
//   held (a selection may not use the store; the state lock is not reentrant); in
//   `deliverPending`, `pendingDeliveries` owns them until it is emptied at its end, and a
//   delivery never changes it (a dispatch from a subscriber waits for the next turn, a new
//   subscriber is delivered to directly, a cancel only clears `isActive`).
//
// A debug build checks after each change what it can in O(1) (a new id is the highest; a group
// found for a member has its key; a turn starts with nothing pending; a subscriber offered a
// state is active); `checkSubscriberTables()` checks the whole, for tests.
extension StoreCore {
    /// Registers a selection and delivers the current state to it, atomically with respect to
    /// turns: it then receives every state committed after that one, in order.
    @usableFromInline
    func subscribe(selection: Selection<State>) -> SubscriptionToken {
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        let held = lockFields()
        let fields = held.fields
        let id = fields.pointee.nextSubscriberID
        fields.pointee.nextSubscriberID += 1
        let subscriber = Subscriber(id: id, selection: selection)
        let hasValue: Bool
        if let member = selection.groupMember {
            hasValue = Self.join(member, group(for: member, held), subscriber, &fields.pointee.state)
            fields.pointee.groupedCount += 1
        } else {
            assert(fields.pointee.subscribers.last.map { $0.id < id } ?? true, "StoreCore: subscriber \(id) is not the newest")
            fields.pointee.subscribers.append(subscriber)
            hasValue = Self.offer(&fields.pointee.state, to: selection)
        }
        held.unlock()
        if hasValue {
            selection.deliver()
        }
        return SubscriptionToken { [weak self] in
            self?.unsubscribe(id)
        }
    }

    /// Removes a subscriber; once this returns, it is never called again. Removing twice is harmless.
    @usableFromInline
    func unsubscribe(_ id: UInt64) {
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        let held = lockFields()
        let removed = removeSubscriber(id, held)
        assert(held.fields.pointee.groupedCount >= 0, "StoreCore: fewer grouped subscribers than none")
        held.unlock()
        removed?.cancel()
    }

    /// Takes the subscriber `id` out of the tables, if it is there.
    private func removeSubscriber(_ id: UInt64, _ held: borrowing HeldLock<Action, State>) -> Subscriber<State>? {
        let fields = held.fields
        if let index = fields.pointee.subscribers.firstIndex(where: { $0.id == id }) {
            return fields.pointee.subscribers.remove(at: index)
        }
        for group in fields.pointee.groups {
            if let removed = group.leave(id) {
                fields.pointee.groupedCount -= 1
                return removed
            }
        }
        return nil
    }

    /// Removes every subscriber, as the store goes. A state getter that an effect kept holds
    /// the core, not the store: without this, the subscribers' callbacks (and the finisher of a
    /// `states` sequence with them) would live as long as that getter, and a loop over `states`
    /// would wait for a state that never comes.
    func removeAllSubscribers() {
        // Released here, with neither lock held: releasing a `states` callback ends its stream,
        // whose termination cancels its token, which takes the locks.
        _ = takeAllSubscribers()
    }

    /// Empties the subscriber tables under both locks and returns what they held. No delivery
    /// can be under way: the store, which every subscribing and delivering call holds, is going.
    private func takeAllSubscribers() -> (ContiguousArray<Subscriber<State>>, ContiguousArray<SelectionGroup<State>>) {
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        let held = lockFields()
        let fields = held.fields
        let taken = (fields.pointee.subscribers, fields.pointee.groups)
        fields.pointee.subscribers = []
        fields.pointee.groups = []
        fields.pointee.groupedCount = 0
        held.unlock()
        return taken
    }

    /// The store's group for a member's value type, made if there is none yet.
    @usableFromInline
    func group(for member: SelectionGroupMember<State>, _ held: borrowing HeldLock<Action, State>) -> SelectionGroup<State> {
        let fields = held.fields
        if let group = fields.pointee.groups.first(where: { $0.key == member.key }) {
            return group
        }
        let group = member.makeGroup()
        assert(group.key == member.key, "StoreCore: a member made a group of another key")
        fields.pointee.groups.append(group)
        return group
    }

    /// Offers the committed state to every subscriber and notes those with something to
    /// deliver, in the order they subscribed. Call with the delivery lock held too.
    @inlinable
    func offerToSubscribers(_ state: inout State, _ held: borrowing HeldLock<Action, State>) {
        // The loops call through unretained references: the arrays own their elements, and
        // nothing changes them while both locks are held; retaining each element (and each
        // array) for its call cost more than a group's bookkeeping.
        let fields = held.fields
        assert(pendingDeliveries.pointee.isEmpty, "StoreCore: a turn's offers start with deliveries pending")
        for index in 0..<fields.pointee.subscribers.count {
            Unmanaged.passUnretained(fields.pointee.subscribers[index])._withUnsafeGuaranteedRef { subscriber in
                assert(subscriber.isActive, "StoreCore: a cancelled subscriber is still in the tables")
                if Self.offer(&state, to: subscriber) {
                    pendingDeliveries.pointee.append(subscriber)
                }
            }
        }
        let groupCount = fields.pointee.groups.count
        guard groupCount > 0 else { return }
        for index in 0..<groupCount {
            Unmanaged.passUnretained(fields.pointee.groups[index])._withUnsafeGuaranteedRef { group in
                Self.offer(&state, to: group, into: pendingDeliveries)
            }
        }
        if pendingDeliveries.pointee.count > 1 {
            // Groups note their subscribers apart from the others: put them back in order.
            pendingDeliveries.pointee.sort { $0.id < $1.id }
        }
    }

    /// Delivers what `offerToSubscribers` noted. Call with the delivery lock held, and the
    /// state lock released, so that subscribers may read the state or dispatch.
    @inlinable
    func deliverPending() {
        // Unretained, as in `offerToSubscribers`: `pendingDeliveries` keeps each subscriber
        // until it is emptied below, and a delivery never changes it (a dispatch from a
        // subscriber waits for the next turn; a new subscriber is delivered to directly).
        let pending = pendingDeliveries
        for index in 0..<pending.pointee.count {
            Unmanaged.passUnretained(pending.pointee[index])._withUnsafeGuaranteedRef { subscriber in
                if subscriber.isActive {
                    subscriber.deliver()
                }
            }
        }
        if pending.pointee.count == 1 {
            // The common case, one subscriber called: `removeLast` runs specialized, where
            // `removeAll(keepingCapacity:)` replaces a range generically (about 70 instructions).
            pending.pointee.removeLast()
        } else {
            pending.pointee.removeAll(keepingCapacity: true)
        }
    }
}

extension StoreCore {
    /// Stops a debug build when the subscriber tables or `pendingDeliveries` break the invariant
    /// (at the top of this file); takes both locks. For tests: nothing calls it in a turn.
    ///
    /// - Complexity: O(*n* log *n*) for *n* subscribers.
    func checkSubscriberTables() {
        #if DEBUG
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        let held = lockFields()
        let fields = held.fields.pointee
        let pendingCount = pendingDeliveries.pointee.count
        held.unlock()
        let ids = fields.subscribers.map(\.id)
        let groupedIDs = fields.groups.flatMap { $0.memberIDs() }
        let allIDs = ids + groupedIDs
        assert(ids == ids.sorted(), "StoreCore: subscribers out of order: \(ids)")
        assert(Set(allIDs).count == allIDs.count, "StoreCore: a subscriber in two places: \(allIDs)")
        assert(allIDs.allSatisfy { $0 < fields.nextSubscriberID }, "StoreCore: an id not given yet among \(allIDs)")
        assert(fields.subscribers.allSatisfy(\.isActive), "StoreCore: a cancelled subscriber is still in the tables")
        assert(fields.groupedCount == groupedIDs.count, "StoreCore: \(fields.groupedCount) grouped subscribers counted, \(groupedIDs.count) in groups")
        let keys = fields.groups.map(\.key)
        assert(keys.indices.allSatisfy { index in !keys[..<index].contains(keys[index]) }, "StoreCore: two groups of one key")
        fields.groups.forEach { $0.checkInvariants() }
        assert(pendingCount == 0, "StoreCore: \(pendingCount) deliveries pending between turns")
        #endif
    }
}

// The state reaches selections through an `inout` access, never by reading `fields.pointee.state`
// as a value: an optimized build then passes its address to each mapping, where a value read
// from the pointer is copied first (the compiler cannot tell that the mapping does not change
// the memory behind it). For a large state stored inline, that copy was on the stack: 1 MiB for
// 1 MiB of state, which crashed threads with small stacks.
//
// A debug build (-Onone) passes the state's address only from an `inout` parameter of the
// function that makes the call, and only when the call has no `inout` argument besides: read
// through an `inout` captured by a closure (the loops' `_withUnsafeGuaranteedRef` bodies), or
// beside an `inout` array, the state is copied onto the stack first. Hence each call below is a
// function of its own, and a group's array of pending deliveries comes by pointer.
extension StoreCore {
    /// Offers the state to one selection. Call with the state lock held.
    @inlinable
    static func offer(_ state: inout State, to selection: Selection<State>) -> Bool {
        selection.offer(state)
    }

    /// Offers the state to one subscriber. Call with the state lock held.
    @inlinable
    static func offer(_ state: inout State, to subscriber: Subscriber<State>) -> Bool {
        subscriber.offer(state)
    }

    /// Offers the state to one group, which appends its members with something to deliver to
    /// `pending`. Call with the state lock held.
    @inlinable
    static func offer(
        _ state: inout State,
        to group: SelectionGroup<State>,
        into pending: UnsafeMutablePointer<ContiguousArray<Subscriber<State>>>
    ) {
        group.offer(&state, pending)
    }

    /// A member joins its group with the current state. Call with the state lock held.
    @inlinable
    static func join(
        _ member: SelectionGroupMember<State>,
        _ group: SelectionGroup<State>,
        _ subscriber: Subscriber<State>,
        _ state: inout State
    ) -> Bool {
        member.join(group, subscriber, state)
    }
}
