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
        held.unlock()
        removed?.isActive = false
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
        for index in 0..<fields.pointee.subscribers.count {
            Unmanaged.passUnretained(fields.pointee.subscribers[index])._withUnsafeGuaranteedRef { subscriber in
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
