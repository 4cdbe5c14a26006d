extension StoreCore {
    /// Registers a selection and delivers the current state to it, atomically with respect to
    /// turns: it then receives every state committed after that one, in order.
    @usableFromInline
    func subscribe(selection: Selection<State>) -> SubscriptionToken {
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        lock.lock()
        let id = fields.pointee.nextSubscriberID
        fields.pointee.nextSubscriberID += 1
        fields.pointee.subscribers.append(Subscriber(id: id, selection: selection))
        let hasValue = selection.offer(fields.pointee.state)
        lock.unlock()
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
        let removed: Subscriber<State>? = lock.withLock {
            guard let index = fields.pointee.subscribers.firstIndex(where: { $0.id == id }) else { return nil }
            return fields.pointee.subscribers.remove(at: index)
        }
        removed?.isActive = false
    }

    /// Offers the committed state to every subscriber and notes those with something to
    /// deliver. Call with both locks held.
    @inlinable
    func offerToSubscribers(_ state: State) {
        for subscriber in fields.pointee.subscribers where subscriber.selection.offer(state) {
            pendingDeliveries.pointee.append(subscriber)
        }
    }

    /// Delivers what `offerToSubscribers` noted. Call with the delivery lock held, and the
    /// state lock released, so that subscribers may read the state or dispatch.
    @inlinable
    func deliverPending() {
        for subscriber in pendingDeliveries.pointee where subscriber.isActive {
            subscriber.selection.deliver()
        }
        pendingDeliveries.pointee.removeAll(keepingCapacity: true)
    }
}
