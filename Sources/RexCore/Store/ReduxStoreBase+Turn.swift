extension ReduxStoreBase {
    /// Runs turns, `first` (from `source`) then the queued actions, until the queue is empty;
    /// then marks the store idle. Call with the state lock held and the turn flag claimed;
    /// returns with the lock released.
    ///
    /// Each queued action is taken from the queue under the lock its turn starts with, so that
    /// a turn without middleware (reduce, commit and the idle check) is one lock pair.
    @inlinable
    func runTurns(
        startingWith first: Action,
        from source: ActionSource,
        completion: (@Sendable () -> Void)?,
        notifies: Bool = true
    ) {
        if runTurn(first, from: source, completion: completion, notifies: notifies) {
            return
        }
        runQueuedTurns()
    }

    /// Runs turns as ``runTurns(startingWith:from:completion:)`` does, for a store with
    /// middleware whose turn flag was claimed without the lock: call without the lock. The
    /// first turn's `handle` runs before the lock is taken at all.
    @inlinable
    func runTurns(
        claimedWithoutLock first: Action,
        from source: ActionSource,
        completion: (@Sendable () -> Void)?
    ) {
        let io = handleWithoutLock(first, from: source)
        core.lock.lock()
        #if DEBUG
        let wentIdle = ReducedActionSource.whileReducing(source) { commit(first, io: io, completion: completion) }
        #else
        // Not through `whileReducing` in release builds: a closure around the turn, even one
        // called at once, cost W1 50 instructions and W2 95 per action.
        let wentIdle = commit(first, io: io, completion: completion)
        #endif
        if wentIdle {
            return
        }
        runQueuedTurns()
    }

    /// Runs the queued turns until the queue is empty. Call without the lock, with the turn
    /// flag claimed and an action queued.
    @inlinable
    func runQueuedTurns() {
        let fields = core.fields
        while true {
            core.lock.lock()
            let (next, nextCompletion, notifies) = fields.pointee.queue.removeFirst()
            if runTurn(next.action, from: next.dispatcher, completion: nextCompletion, notifies: notifies) {
                return
            }
        }
    }

    /// One action's turn: handle, reduce and commit, notify, run IO, then tell the waiter.
    /// Returns whether the store went idle (the queue was empty after the turn); otherwise the
    /// queue has an action waiting. Call with the state lock held; returns with it released.
    @inlinable
    func runTurn(
        _ action: Action,
        from source: ActionSource,
        completion: (@Sendable () -> Void)?,
        notifies: Bool = true
    ) -> Bool {
        let io: IO<Action>
        if middleware != nil {
            // `handle` runs without the lock: it may read the state, which takes it.
            core.lock.unlock()
            io = handleWithoutLock(action, from: source)
            core.lock.lock()
        } else {
            io = .pure()
        }
        #if DEBUG
        return ReducedActionSource.whileReducing(source) { commit(action, io: io, completion: completion, notifies: notifies) }
        #else
        return commit(action, io: io, completion: completion, notifies: notifies)
        #endif
    }

    /// Asks the middleware for the action's IO. Call without the lock, on a store with
    /// middleware.
    @inlinable
    func handleWithoutLock(_ action: Action, from source: ActionSource) -> IO<Action> {
        beginHandling(action, from: source)
        let io = middleware.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.handle(action, source, getState) }
        endHandling()
        return io
    }

    /// The rest of a turn once the middlewares have handled its action: reduce and commit,
    /// notify, run `io`, tell the waiter. Returns whether the store went idle. Call with the
    /// state lock held; returns with it released.
    ///
    /// When nothing of the turn remains to run after the commit (no subscriber, a pure IO,
    /// nobody waiting), the queue is checked under the same lock as the commit.
    ///
    /// A turn that does not notify (in a batch, but its last) only reduces, and keeps the store's
    /// turn: more of its batch follows. The batch's last turn tells subscribers of the state the
    /// whole batch made.
    @inlinable @inline(__always)  // two call sites, each on the hot path of its kind of store
    func commit(_ action: Action, io: IO<Action>, completion: (@Sendable () -> Void)?, notifies: Bool = true) -> Bool {
        let fields = core.fields
        if !core.hasSubscribers || !notifies {
            if case .when = emitsValue {
                // A batch's start is kept for its last turn; without subscribers, nobody asks.
                if notifies { fields.pointee.batchStart = nil } else { keepBatchStart() }
            }
            reducer.reduce(action, &fields.pointee.state)
            if io.isPure && completion == nil {
                if !notifies {
                    core.lock.unlock()
                    return false
                }
                return markIdleIfEmptyAndUnlock()
            }
            core.lock.unlock()
        } else {
            reduceAndNotify(action)
        }

        if !io.isPure {
            io.run(output)
        }
        completion?()

        guard notifies else { return false }
        core.lock.lock()
        return markIdleIfEmptyAndUnlock()
    }

    /// Reduces and commits with subscribers registered, then notifies them as `emitsValue`
    /// says: each subscriber's selection runs under the state lock, and only those with a new
    /// value are called back, after the state lock is released. Call with the state lock held;
    /// returns with it released.
    @inlinable
    func reduceAndNotify(_ action: Action) {
        let fields = core.fields
        // The delivery lock comes before the state lock. It is almost always free (outside a
        // turn only subscribing and unsubscribing take it), so it is tried first; when taken,
        // the state lock is let go and both are taken in order.
        if !core.deliveryLock.tryLock() {
            core.lock.unlock()
            core.deliveryLock.lock()
            core.lock.lock()
        }
        switch emitsValue {
        case .always:
            reducer.reduce(action, &fields.pointee.state)
            core.offerToSubscribers(&fields.pointee.state)
        case .never:
            reducer.reduce(action, &fields.pointee.state)
        case .when(let shouldEmit):
            reduceComparing(action, shouldEmit)
        }
        core.lock.unlock()
        core.deliverPending()
        core.deliveryLock.unlock()
    }

    /// Reduces, and offers the new state to subscribers if `shouldEmit` says so, given the state
    /// before and after. Call with both locks held.
    ///
    /// Out of line: the copy of the previous state it keeps is in its own frame, not in that of
    /// every turn (for a large state stored inline, a frame as large as the state).
    @inline(never)
    @usableFromInline
    func reduceComparing(_ action: Action, _ shouldEmit: @Sendable (State, State) -> Bool) {
        let fields = core.fields
        // After a batch, the state before the batch's first action.
        let previous = fields.pointee.batchStart.take()?.value ?? fields.pointee.state
        reducer.reduce(action, &fields.pointee.state)
        if Self.decide(shouldEmit, previous, &fields.pointee.state) {
            core.offerToSubscribers(&fields.pointee.state)
        }
    }

    /// Keeps the state before a batch's first action, for `ShouldEmitValue.when` to compare the
    /// batch's final state with. Call with the state lock held.
    @inline(never)
    @usableFromInline
    func keepBatchStart() {
        let fields = core.fields
        if fields.pointee.batchStart == nil {
            fields.pointee.batchStart = Snapshot(fields.pointee.state)
        }
    }

    /// Asks `shouldEmit`, with the new state through an `inout` access, so that it is not copied.
    @inlinable
    static func decide(_ shouldEmit: @Sendable (State, State) -> Bool, _ previous: State, _ new: inout State) -> Bool {
        shouldEmit(previous, new)
    }

    /// Marks the store idle if no action waits, releases the state lock, and returns whether it
    /// went idle. Call with the state lock held.
    @inlinable
    func markIdleIfEmptyAndUnlock() -> Bool {
        let fields = core.fields
        let isIdle = fields.pointee.queue.isEmpty
        if isIdle {
            core.turn.release()
        }
        core.lock.unlock()
        return isIdle
    }
}
