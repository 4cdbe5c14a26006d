/// The store's turn as a state machine: who runs turns, and what waits for one.
///
/// Its state is the queue, the batch under way, and the store's turn flag, which callers pass
/// in: the flag is atomic and lives beside the lock, because two transitions are made outside
/// it: a store with middleware takes its turn without the lock
/// (``TurnFlag/claimWithoutLock()``), and a turn that let the lock go ends without taking it
/// again when nothing was queued meanwhile (``TurnFlag/releaseWithoutLock()``). (Outside, they
/// touch nothing the lock guards, and the machine, with the store's fields, stays an ordinary
/// copyable value.)
///
/// Three states, told apart by the flag and the queue:
///
/// ```text
///                 arrive (runs here)                      next() with the queue empty
///   ┌──────┐ ───────────────────────────▶ ┌─────────┐ ───────────────────────────▶ ┌──────┐
///   │ idle │                              │ running │                              │ idle │
///   └──────┘ ──────┐                      └─────────┘ ◀──┐                         └──────┘
///      │           │ arrive (runs on the      │  ▲        │ next() hands over the
///      │           │ store's queue)           │  │        │ first queued action
///      │           ▼                          │  └────────┘
///      │     ┌───────────┐  drained: next()   │ arrive: the action is queued (wait)
///      │     │ scheduled │ ─────────────────▶ │
///      │     └───────────┘                    ▼
///      │ arrive, and the turn would be only the reducer: .reduceAtOnce (stays idle)
///
///   running ──▶ idle, without the lock: a turn's end, when no arrival was noted in the flag
/// ```
///
/// - **idle**: the flag is clear and the queue empty. An arriving action claims the flag and
///   runs at once on the arriving thread (``Arrival/run``), or, on a store with a queue of its
///   own called from elsewhere, is queued and a drain scheduled there (``Arrival/scheduleDrain``).
///   An action whose turn would be only the reducer is reduced where it arrives, and the store
///   stays idle (``Arrival/reduceAtOnce``).
/// - **running** (or **scheduled**): the flag is set; one thread runs turns. An arriving action
///   waits in the queue (``Arrival/wait``), noted in the flag. When a turn is over, that thread
///   asks ``next(flag:)``: the first waiting action, or `nil`, and the store is idle again; or,
///   when the turn let the lock go and nothing was noted, it clears the flag without the lock.
///   An arrival that finds the flag cleared just as it notes its action (queued already) takes
///   the turn and runs the queue (``Arrival/drain``).
///
/// A batch (`dispatch(contentsOf:)`) is an arrival of several actions at once. Run here, its
/// turns follow one another with the store's turn kept, so whatever they dispatch meanwhile
/// waits in the queue, after the whole batch; queued, its actions enter the queue together.
/// Only the last of them notifies subscribers.
///
/// Every transition but those two is made under the store's state lock; each returns what the
/// caller does next. The machine itself has no
/// lock and no threads: its transitions are tested one by one (TurnMachineTests).
///
/// Invariant (checked in debug builds where the lock is held): while idle, nothing is queued and
/// no batch is under way; while the flag says ``TurnFlag/running``, nothing is queued (see
/// ``TurnFlag``).
@usableFromInline
struct TurnMachine<Action, State> {
    /// What the thread that brought an action does next.
    @usableFromInline
    enum Arrival: Equatable {
        /// Reduce the action at once, under the lock it arrived with; the store stays idle.
        case reduceAtOnce
        /// Run the action's turn now, on this thread: the store's turn is this thread's.
        case run
        /// The action is queued; schedule a drain on the store's own queue, which now has the
        /// store's turn.
        case scheduleDrain
        /// The action is queued behind the turn under way, whose thread will run it.
        case wait
        /// The action is queued, and the turn it was queued behind ended meanwhile: the store's
        /// turn is now this thread's, to run the queue.
        case drain
    }

    /// The actions waiting for their turn.
    @usableFromInline
    var queue = ActionQueue<Action>()
    /// During a batch, on a store that notifies `.when`: the state before the batch, for the
    /// batch's last turn to compare with. On the heap: a state stored inline can be large.
    @usableFromInline
    var batchStart: Snapshot<State>?

    @inlinable
    init() {}

    /// An action arrives. Call with the lock held.
    ///
    /// - Parameters:
    ///   - item: Makes the queued form of the action; called only when it is queued.
    ///   - runsHere: Whether the arriving thread may run turns (the store has no queue of its
    ///     own, or this is it).
    ///   - onlyReduces: Whether the action's turn would be only the reducer (no middleware, no
    ///     subscriber, nobody waiting for it).
    ///   - exclusive: Whether nobody takes the turn without the lock (the store has no
    ///     middleware), so that the flag is set with a plain store.
    ///   - flag: The store's turn flag.
    @inlinable
    mutating func arrive(_ item: () -> ActionQueue<Action>.Item, runsHere: Bool, onlyReduces: Bool, exclusive: Bool, flag: borrowing TurnFlag) -> Arrival {
        if !flag.isSet {
            if runsHere && onlyReduces {
                return .reduceAtOnce
            }
            if flag.claim(exclusive: exclusive) {
                if runsHere {
                    return .run
                }
                wait(item())
                return Self.drainScheduled(flag: flag)
            }
            // Taken without the lock by a thread that has not yet queued anything.
        }
        return waitBehindTurn(item(), runsHere: runsHere, exclusive: exclusive, flag: flag)
    }

    /// Queues `item` behind the turn under way, and notes it in the flag; if that turn ended
    /// without the lock before the note, this thread takes the store's turn instead, to run
    /// the queue: here (``Arrival/drain``), or on the store's queue. Call with the lock held.
    @inlinable
    mutating func waitBehindTurn(_ item: ActionQueue<Action>.Item, runsHere: Bool, exclusive: Bool, flag: borrowing TurnFlag) -> Arrival {
        wait(item)
        return Self.noteQueuedOrTakeTurn(runsHere: runsHere, exclusive: exclusive, flag: flag)
    }

    /// What an arrival that has just queued behind a turn does: waits, the action noted in the
    /// flag; or, if that turn ended without the lock before the note, runs the queue with the
    /// store's turn it took (here, ``Arrival/drain``, or on the store's queue). Call with the
    /// lock held.
    @inlinable
    static func noteQueuedOrTakeTurn(runsHere: Bool, exclusive: Bool, flag: borrowing TurnFlag) -> Arrival {
        if flag.noteWaitingOrClaim(exclusive: exclusive) {
            return .wait
        }
        return runsHere ? .drain : .scheduleDrain
    }

    /// What an arrival that claimed the turn for the store's own queue, and queued there, does:
    /// notes the queue in the flag it has just set (so that the drain looks at the queue) and
    /// schedules the drain. Call with the lock held.
    @inlinable
    static func drainScheduled(flag: borrowing TurnFlag) -> Arrival {
        let noted = flag.noteWaiting()
        assert(noted, "TurnMachine: the flag claimed just now is clear")
        return .scheduleDrain
    }

    /// Queues `item` behind the turn under way (or the drain scheduled).
    @inlinable
    mutating func wait(_ item: ActionQueue<Action>.Item) {
        queue.append(item)
    }

    /// A batch arrives: the actions of `items`, in order, the last the only one that notifies.
    /// Call with the lock held, with at least one action. On ``Arrival/run`` nothing is queued:
    /// the caller runs the batch's turns one after another, keeping the store's turn, then
    /// asks ``next(flag:)``. Otherwise `items` is called and all of them queued: behind the
    /// turn under way (``Arrival/wait``), or, if it ended just then, with the turn this
    /// thread's to run them (``Arrival/drain``) or the store's queue's
    /// (``Arrival/scheduleDrain``).
    @inlinable
    mutating func arrive(batch items: () -> [ActionQueue<Action>.Item], runsHere: Bool, exclusive: Bool, flag: borrowing TurnFlag) -> Arrival {
        if flag.isSet || !flag.claim(exclusive: exclusive) {
            queue.append(contentsOf: items())
            return Self.noteQueuedOrTakeTurn(runsHere: runsHere, exclusive: exclusive, flag: flag)
        }
        if runsHere {
            return .run
        }
        queue.append(contentsOf: items())
        return Self.drainScheduled(flag: flag)
    }

    /// The turn in hand is over (or a scheduled drain starts): returns the next action to run,
    /// or `nil` when none waits, and the store is idle. Call with the lock held, from the thread
    /// that has the store's turn.
    @inlinable
    mutating func next(flag: borrowing TurnFlag) -> ActionQueue<Action>.Item? {
        assert(queue.isEmpty || !flag.saysNothingQueued, "TurnMachine: \(queue.count) actions queued, none noted in the turn flag")
        if queue.isEmpty {
            assert(batchStart == nil, "TurnMachine: idle with a batch under way")
            flag.release()
            return nil
        }
        let first = queue.removeFirst()
        if queue.isEmpty {
            // The turn it starts may end without the lock, unless more arrives meanwhile.
            flag.noteQueueEmptied()
        }
        return first
    }
}
