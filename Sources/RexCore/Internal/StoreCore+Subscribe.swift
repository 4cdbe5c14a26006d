extension StoreCore {
    /// Registers a subscriber and replays the current state to it, atomically with respect to
    /// deliveries: it then receives every state committed after the one replayed, in order.
    @usableFromInline
    func subscribe(_ receive: @escaping @Sendable (State) -> Void) -> SubscriptionToken {
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        lock.lock()
        let id = fields.pointee.nextSubscriberID
        fields.pointee.nextSubscriberID += 1
        fields.pointee.subscribers.append(Subscriber(id: id, receive: receive))
        let current = fields.pointee.state
        lock.unlock()
        receive(current)
        return SubscriptionToken { [weak self] in
            self?.unsubscribe(id)
        }
    }

    /// Removes a subscriber; once this returns, it is never called again. Removing twice is harmless.
    @usableFromInline
    func unsubscribe(_ id: UInt64) {
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        let removed: Subscriber<State>? = lock.withLock {
            guard let index = fields.pointee.subscribers.firstIndex(where: { $0.id == id }) else { return nil }
            return fields.pointee.subscribers.remove(at: index)
        }
        removed?.isActive = false
    }

    /// Gives a committed state to the subscribers that were registered when it was committed.
    @inlinable
    func deliver(_ state: State, to subscribers: ContiguousArray<Subscriber<State>>) {
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        for subscriber in subscribers where subscriber.isActive {
            subscriber.receive(state)
        }
    }
}
