extension ReduxStoreBase {
    /// One action's turn: handle, reduce and commit, notify, run IO.
    @inlinable
    func runTurn(_ dispatchedAction: DispatchedAction<Action>) {
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
            switch emitsValue {
            case .always:
                reducer.reduce(dispatchedAction.action, &fields.pointee.state)
                delivery = Delivery(previous: nil, state: fields.pointee.state, subscribers: fields.pointee.subscribers)
            case .never:
                reducer.reduce(dispatchedAction.action, &fields.pointee.state)
            case .when:
                let previous = fields.pointee.state
                reducer.reduce(dispatchedAction.action, &fields.pointee.state)
                delivery = Delivery(previous: previous, state: fields.pointee.state, subscribers: fields.pointee.subscribers)
            }
        }
        core.lock.unlock()

        if let delivery {
            notify(delivery)
        }
        if !io.isPure {
            io.run(AnyActionHandler { [weak self] in self?.dispatch($0) })
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
