/// How the store runs turns, on the state machine of `TurnMachine`.
///
/// A turn starts with the state lock held (a ``HeldLock``), and lets it go in between only as it
/// needs: for the middleware's `handle`, for deliveries and IO. Between turns, the machine says
/// what comes next (``TurnMachine/next(flag:)``), under the lock the last turn ended with. A
/// turn with nothing to run after its commit (no subscriber, a pure IO and no follow-up of a
/// committed-state observer, nobody waiting) is one lock pair: the commit and the check for the
/// next action share it. A turn that let the lock go ends without taking it again when nothing
/// was queued meanwhile: the turn flag says so (``TurnFlag/releaseWithoutLock()``), and the
/// store is idle.
extension ReduxStoreBase {
    /// Runs turns, `first` (from `source`) then the queued actions, until the queue is empty;
    /// then the store is idle. Takes the lock held, with the store's turn taken.
    @inlinable
    func runTurns(
        startingWith first: Action,
        from source: ActionSource,
        completion: (@Sendable () -> Void)?,
        notifies: Bool = true,
        _ held: consuming HeldLock<Action, State>
    ) {
        guard let held = runTurn(first, from: source, completion: completion, notifies: notifies, endsTurnsIfIdle: true, held) else { return }
        runQueuedTurns(held)
    }

    /// Runs the queued turns until the queue is empty, then marks the store idle. Takes the
    /// lock held, with the store's turn taken.
    @inlinable
    func runQueuedTurns(_ held: consuming HeldLock<Action, State>) {
        while let next = held.fields.pointee.turn.next(flag: core.turnFlag) {
            guard let stillHeld = runTurn(next.dispatchedAction.action, from: next.dispatchedAction.dispatcher, completion: next.completion, notifies: next.notifies, endsTurnsIfIdle: true, held) else { return }
            held = stillHeld
        }
        held.unlock()
    }

    /// Runs turns as ``runTurns(startingWith:from:completion:notifies:_:)`` does, for a store
    /// with middleware whose turn was taken without the lock: the first turn's `handle` runs
    /// before the lock is taken at all.
    @inlinable
    func runTurns(claimedWithoutLock first: Action, from source: ActionSource, completion: (@Sendable () -> Void)?) {
        let io = handleWithoutLock(first, from: source)
        guard let held = commit(first, from: source, io: io, completion: completion, endsTurnsIfIdle: true, core.lockFields()) else { return }
        runQueuedTurns(held)
    }

    /// One action's turn: handle, reduce and commit, notify, run IO, then tell the waiter.
    /// Takes the lock held and returns it held, the turn over; or, with `endsTurnsIfIdle`,
    /// returns `nil` when the turn ended without the lock and nothing was queued meanwhile: the
    /// store is then idle (see ``commit(_:from:io:completion:notifies:endsTurnsIfIdle:_:)``).
    @inlinable
    func runTurn(
        _ action: Action,
        from source: ActionSource,
        completion: (@Sendable () -> Void)?,
        notifies: Bool = true,
        endsTurnsIfIdle: Bool = false,
        _ held: consuming HeldLock<Action, State>
    ) -> HeldLock<Action, State>? {
        let io: IO<Action>
        if middleware != nil {
            // `handle` runs without the lock: it may read the state, which takes it.
            held.unlock()
            io = handleWithoutLock(action, from: source)
            held = core.lockFields()
        } else {
            io = .pure()
        }
        return commit(action, from: source, io: io, completion: completion, notifies: notifies, endsTurnsIfIdle: endsTurnsIfIdle, held)
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
    /// notify, run `io`, tell the waiter. Takes the lock held and returns it held, the turn over
    /// (or `nil`, the store idle: see below).
    ///
    /// The committed-state observer's follow-up (see `TurnFollowUp`) runs after `io`, as part of
    /// the turn's IO. When nothing of the turn remains to run after the commit (no subscriber,
    /// a pure IO and no follow-up, nobody waiting), the lock is kept throughout. A turn that
    /// does not notify (in a batch, but its last) only reduces; the batch's last turn tells
    /// subscribers of the state the whole batch made.
    ///
    /// A turn that let the lock go, called with `endsTurnsIfIdle` (the caller would ask the
    /// machine for the next action at once), clears the turn flag without taking the lock
    /// again if nothing was queued meanwhile, and returns `nil`: the store is idle. A batch's
    /// turns keep the store's turn from one to the next, so they pass `false`.
    @inlinable @inline(__always)  // two call sites, each on the hot path of its kind of store
    func commit(
        _ action: Action,
        from source: ActionSource,
        io: IO<Action>,
        completion: (@Sendable () -> Void)?,
        notifies: Bool = true,
        endsTurnsIfIdle: Bool = false,
        _ held: consuming HeldLock<Action, State>
    ) -> HeldLock<Action, State>? {
        let fields = held.fields
        if !held.hasSubscribers || !notifies {
            if case .when = emitsValue {
                // A batch's start is kept for its last turn; without subscribers, nobody asks.
                if notifies { fields.pointee.turn.batchStart = nil } else { keepBatchStartLocked(held) }
            }
            reduceLocked(action, from: source, held)
            if io.isPure && completion == nil && followUp?.pending.isPure ?? true {
                return held
            }
            held.unlock()
        } else {
            reduceAndNotify(action, from: source, held)
        }
        if !io.isPure {
            io.run(output)
        }
        // After the lock is let go: the follow-up is the turn's (see `TurnFollowUp`).
        if let followUp {
            followUp.take().run(output)
        }
        completion?()
        if endsTurnsIfIdle && core.turnFlag.releaseWithoutLock() {
            return nil
        }
        return core.lockFields()
    }

    /// Runs the reducer on the state in place; in debug builds, with the action's source at
    /// hand for the reducer's messages (see ``ReducedActionSource``). Release builds never make
    /// the source: a turn that is only the reducer has none to destroy.
    @inlinable @inline(__always)
    func reduceLocked(_ action: Action, from source: @autoclosure () -> ActionSource, _ held: borrowing HeldLock<Action, State>) {
        let fields = held.fields
        #if DEBUG
        ReducedActionSource.whileReducing(source()) { reducer.reduce(action, &fields.pointee.state) }
        #else
        // Not through `whileReducing` in release builds: a closure around the reducer, even one
        // called at once, cost W1 50 instructions and W2 95 per action.
        reducer.reduce(action, &fields.pointee.state)
        #endif
    }

    /// Reduces and commits with subscribers registered, then notifies them as `emitsValue`
    /// says: each subscriber's selection runs under the state lock, and only those with a new
    /// value are called back, after the state lock is released. Takes the lock held, and lets
    /// it go.
    @inlinable
    func reduceAndNotify(_ action: Action, from source: ActionSource, _ held: consuming HeldLock<Action, State>) {
        let fields = held.fields
        // The delivery lock comes before the state lock. It is almost always free (outside a
        // turn only subscribing and unsubscribing take it), so it is tried first; when taken,
        // the state lock is let go and both are taken in order.
        if !core.deliveryLock.tryLock() {
            held.unlock()
            core.deliveryLock.lock()
            held = core.lockFields()
        }
        switch emitsValue {
        case .always:
            reduceLocked(action, from: source, held)
            core.offerToSubscribers(&fields.pointee.state, held)
        case .never:
            reduceLocked(action, from: source, held)
        case .when(let shouldEmit):
            reduceComparingLocked(action, from: source, shouldEmit, held)
        }
        held.unlock()
        core.deliverPending()
        core.deliveryLock.unlock()
    }

    /// Reduces, and offers the new state to subscribers if `shouldEmit` says so, given the state
    /// before and after. Call with the delivery lock held too.
    ///
    /// Out of line: the copy of the previous state it keeps is in its own frame, not in that of
    /// every turn (for a large state stored inline, a frame as large as the state).
    @inline(never)
    @usableFromInline
    func reduceComparingLocked(_ action: Action, from source: ActionSource, _ shouldEmit: @Sendable (State, State) -> Bool, _ held: borrowing HeldLock<Action, State>) {
        let fields = held.fields
        // After a batch, the state before the batch's first action.
        let previous = fields.pointee.turn.batchStart.take()?.value ?? fields.pointee.state
        reduceLocked(action, from: source, held)
        if Self.decide(shouldEmit, previous, &fields.pointee.state) {
            core.offerToSubscribers(&fields.pointee.state, held)
        }
    }

    /// Keeps the state before a batch's first action, for `ShouldEmitValue.when` to compare the
    /// batch's final state with.
    @inline(never)
    @usableFromInline
    func keepBatchStartLocked(_ held: borrowing HeldLock<Action, State>) {
        let fields = held.fields
        if fields.pointee.turn.batchStart == nil {
            fields.pointee.turn.batchStart = Snapshot(fields.pointee.state)
        }
    }

    /// Asks `shouldEmit`, with the new state through an `inout` access, so that it is not copied.
    @inlinable
    static func decide(_ shouldEmit: @Sendable (State, State) -> Bool, _ previous: State, _ new: inout State) -> Bool {
        shouldEmit(previous, new)
    }
}
