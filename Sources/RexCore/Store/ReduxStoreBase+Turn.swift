extension ReduxStoreBase {
    /// Runs turns, `first` then the queued actions, until the queue is empty; then marks the
    /// store idle. The caller has marked the store running.
    @inlinable
    func runTurns(startingWith first: borrowing DispatchedAction<Action>, completion: (@Sendable () -> Void)?) {
        if runTurn(first, completion: completion) {
            return
        }
        let fields = core.fields
        while true {
            core.lock.lock()
            let (next, nextCompletion) = fields.pointee.queue.removeFirst()
            core.lock.unlock()
            if runTurn(next, completion: nextCompletion) {
                return
            }
        }
    }

    /// One action's turn: handle, reduce and commit, notify, run IO, then tell the waiter.
    /// Returns whether the store went idle (the queue was empty after the turn); otherwise the
    /// queue has an action waiting.
    ///
    /// When nothing of the turn remains to run after the commit (a pure IO, nobody to notify,
    /// nobody waiting), the queue is checked under the same lock as the commit: one lock pair
    /// per action.
    @inlinable
    func runTurn(_ dispatchedAction: borrowing DispatchedAction<Action>, completion: (@Sendable () -> Void)?) -> Bool {
        let io: IO<Action>
        if let middleware {
            beginHandling(dispatchedAction)
            io = middleware.handle(action: dispatchedAction.action, from: dispatchedAction.dispatcher, state: getState)
            endHandling()
        } else {
            io = .pure()
        }

        let fields = core.fields
        var delivery: Delivery?
        core.lock.lock()
        if fields.pointee.subscribers.isEmpty {
            reducer.reduce(dispatchedAction.action, &fields.pointee.state)
        } else {
            delivery = reduceForDelivery(dispatchedAction.action)
        }
        if delivery == nil && io.isPure && completion == nil {
            return markIdleIfEmptyAndUnlock()
        }
        core.lock.unlock()

        if let delivery {
            notify(delivery)
        }
        if !io.isPure {
            io.run(AnyActionHandler { [weak self] in self?.dispatch($0) })
        }
        completion?()

        core.lock.lock()
        return markIdleIfEmptyAndUnlock()
    }

    /// Marks the store idle if no action waits, releases the state lock, and returns whether it
    /// went idle. Call with the state lock held.
    @inlinable
    func markIdleIfEmptyAndUnlock() -> Bool {
        let fields = core.fields
        let isIdle = fields.pointee.queue.isEmpty
        if isIdle {
            fields.pointee.isRunning = false
        }
        core.lock.unlock()
        return isIdle
    }

    /// Reduces with subscribers registered, keeping what notifying them needs. Call with the
    /// state lock held.
    @inlinable
    func reduceForDelivery(_ action: Action) -> Delivery? {
        let fields = core.fields
        switch emitsValue {
        case .always:
            reducer.reduce(action, &fields.pointee.state)
            return Delivery(previous: nil, state: fields.pointee.state, subscribers: fields.pointee.subscribers)
        case .never:
            reducer.reduce(action, &fields.pointee.state)
            return nil
        case .when:
            let previous = fields.pointee.state
            reducer.reduce(action, &fields.pointee.state)
            return Delivery(previous: previous, state: fields.pointee.state, subscribers: fields.pointee.subscribers)
        }
    }

    /// A committed state waiting to be sent to the subscribers registered when it was committed.
    @usableFromInline
    struct Delivery {
        @usableFromInline let previous: State?
        @usableFromInline let state: State
        @usableFromInline let subscribers: ContiguousArray<Subscriber<State>>

        @inlinable
        init(previous: State?, state: State, subscribers: ContiguousArray<Subscriber<State>>) {
            self.previous = previous
            self.state = state
            self.subscribers = subscribers
        }
    }

    /// Sends a committed state to subscribers, if `emitsValue` says so; runs outside the state
    /// lock so that subscribers may read the state or dispatch.
    @inlinable
    func notify(_ delivery: Delivery) {
        if case .when(let shouldEmit) = emitsValue, let previous = delivery.previous,
            !shouldEmit(previous, delivery.state)
        {
            return
        }
        core.deliver(delivery.state, to: delivery.subscribers)
    }
}
