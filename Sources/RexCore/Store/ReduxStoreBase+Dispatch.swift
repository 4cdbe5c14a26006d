import Dispatch

extension ReduxStoreBase {
    /// Queues an action for its turn; runs it at once on this thread when the store is idle and
    /// has no queue of its own (or this is its queue).
    ///
    /// Safe from any thread, and from inside a turn (an ``IO``, a subscriber): then the action
    /// waits until the current turn is over. Never blocks on another thread's long turn.
    @inlinable
    public func dispatch(_ dispatchedAction: DispatchedAction<Action>) {
        enqueue(dispatchedAction.action, from: dispatchedAction.dispatcher, completion: nil)
    }

    /// Dispatches an action, recording the caller's file, function and line as its source.
    ///
    /// The same as ``ActionHandler/dispatch(_:file:function:line:info:)``, declared on the store
    /// itself so that the action and its source reach the turn as they are, never wrapped in a
    /// ``DispatchedAction``: destroying one after the call costs as much as the rest of a
    /// counter's turn.
    ///
    /// Always inlined, with `enqueue`: left to the optimizer, the turn's code (the machine's
    /// arrival, the lock's token) no longer fit its budget, and W1's dispatch cost 167
    /// instructions instead of 114.
    @inlinable @inline(__always)
    public func dispatch(
        _ action: Action,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) {
        enqueue(action, from: ActionSource(file: file, function: function, line: line, info: info), completion: nil)
    }

    /// Dispatches an action and returns once its turn is over: the reducer has committed the
    /// new state, subscribers have been notified and the middlewares' IO closures have run.
    ///
    /// Effects those IO closures started may still be running.
    public func dispatchAndWait(
        _ action: Action,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) async {
        let source = ActionSource(file: file, function: function, line: line, info: info)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            enqueue(action, from: source) {
                continuation.resume()
            }
        }
    }

    /// Queues `action` behind a running turn, or runs its turn now.
    ///
    /// `source` is made only when the turn needs it: a turn that is only the reducer never
    /// makes one, so the caller has nothing to destroy but what it knows to be empty.
    @inlinable @inline(__always)
    func enqueue(_ action: Action, from source: @autoclosure () -> ActionSource, completion: (@Sendable () -> Void)?) {
        let mayRunHere = queue?.isCurrent ?? true
        // A store with middleware takes an idle store's turn without its lock (see TurnFlag):
        // its first turn starts with `handle`, which runs without the lock anyway.
        if middleware != nil, mayRunHere, core.turnFlag.claimWithoutLock() {
            runTurns(claimedWithoutLock: action, from: source(), completion: completion)
            return
        }
        let held = core.lockFields()
        let fields = held.fields
        let arrival = fields.pointee.turn.arrive(
            { .init(DispatchedAction(action, dispatcher: source()), completion: completion) },
            runsHere: mayRunHere,
            onlyReduces: middleware == nil && completion == nil && !held.hasSubscribers,
            exclusive: middleware == nil,  // nobody else takes the turn without the lock
            flag: core.turnFlag
        )
        switch arrival {
        case .reduceAtOnce:
            // The whole turn is the reducer: run it under this lock, and the store stays idle.
            reduceLocked(action, from: source(), held)
            held.unlock()
        case .run:
            runTurns(startingWith: action, from: source(), completion: completion, held)
        case .drain:
            runQueuedTurns(held)
        case .scheduleDrain:
            checkNotInsideHandleLocked(held)
            held.unlock()
            scheduleDrain()
        case .wait:
            checkNotInsideHandleLocked(held)
            held.unlock()
        }
    }

    /// Runs the queued turns, if any, on this thread. Inlinable, like `enqueue`, so that turns
    /// run on the store's queue are specialized too.
    @inlinable
    func drain() {
        runQueuedTurns(core.lockFields())
    }

    /// Starts draining on the store's own queue.
    @inlinable
    func scheduleDrain() {
        guard let queue else { return }
        queue.queue.async {
            self.drain()
        }
    }
}
