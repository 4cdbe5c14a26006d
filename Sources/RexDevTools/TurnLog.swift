import RexCore

/// What a ``Recorder`` keeps of the turns it saw, in memory its capacity bounds: each turn's
/// action, source, start and end, and the state after some of them.
///
/// A turn is noted in two steps, in place, in a ring whose room is reserved up front:
/// ``begin(_:from:at:state:)`` when the middleware handles its action, ``end(at:)`` once the
/// turn has run. The states between two kept ones are the reducer's, run again when the steps are
/// read (see ``Recorder``): a turn copies no state but the ones kept, which the store gives.
///
/// Which states are kept: the state after the last turn, as the next begins, once the turns since
/// the last kept state took `budgetTicks` or more (so that running them again takes less than
/// that and the last of them, as a turn's reducer is part of its time); and the state after a
/// turn, as it ends, when `maxSpacing` turns have gone by since the last kept state (decided as
/// it begins, so that a turn that keeps nothing can end without the recorder's lock).
@usableFromInline
struct TurnLog<Action, State> {
    /// The most steps read back.
    @usableFromInline let capacity: Int
    /// The most turns between two kept states; 1 keeps every state.
    @usableFromInline let maxSpacing: Int
    /// The time, in ticks of the recorder's clock, after which the turns since the last kept
    /// state are enough to keep the next one; `.max` keeps states by count only.
    @usableFromInline var budgetTicks: UInt64 = .max
    /// The turns, turn `i` at `i % turns.count` once all are made: `capacity + maxSpacing`, so
    /// that the turns from the kept state before the oldest step read back are all there.
    @usableFromInline var turns: [NotedTurn<Action>] = []
    /// The kept states, starting with the newest one at or before the oldest step read back (the
    /// initial state first, as turn 0).
    @usableFromInline var kept: KeptStates<State>
    /// Where the next turn goes in `turns`.
    @usableFromInline var nextTurn = 0
    /// Turns ended since the last kept state, and the ticks they took.
    @usableFromInline var turnsSinceKept = 0
    @usableFromInline var ticksSinceKept: UInt64 = 0
    /// Whether the state after the turn under way is to be kept as it ends (decided as it begins,
    /// by count).
    @usableFromInline var keepsStateOfTurnUnderWay = false
    /// Turns begun, and turns ended (all of them, or all but the one under way).
    @usableFromInline var begun = 0
    @usableFromInline var ended = 0

    init(capacity: Int, maxSpacing: Int) {
        precondition(capacity > 0, "a recorder keeps at least one step")
        precondition(maxSpacing > 0, "a recorder keeps the state every 1 or more turns")
        self.capacity = capacity
        self.maxSpacing = maxSpacing
        turns.reserveCapacity(capacity + maxSpacing)
        // The kept states the steps read back need when every `maxSpacing`-th is kept: one for
        // each `maxSpacing` of them, and the ones at both ends (more as budgets keep more).
        // No more than `capacity + 1` are ever needed: one at or before the oldest step, and one
        // for each turn from it.
        let room = (capacity + maxSpacing - 1) / maxSpacing + 2
        kept = KeptStates(room: room, limit: max(room, capacity + 2))
    }

    /// Notes the start of a turn; keeps the state before it on the first, when the turns since the
    /// last kept state took the budget, and after a turn whose end never came if it was to be
    /// kept. Returns whether it kept a state.
    @inlinable @discardableResult
    mutating func begin(_ action: Action, from source: ActionSource, at start: UInt64, state: GetState<State>) -> Bool {
        let kept = begun == 0 || hasTurnUnderWay || budgetTaken ? keepBeforeTurn(at: start, state: state) : false
        let turn = NotedTurn(action: action, source: source, start: start, end: start)
        if turns.count < capacity + maxSpacing {
            turns.append(turn)
        } else {
            turns[nextTurn] = turn
        }
        nextTurn = nextTurn + 1 == capacity + maxSpacing ? 0 : nextTurn + 1
        begun += 1
        keepsStateOfTurnUnderWay = turnsSinceKept + 1 >= maxSpacing
        return kept
    }

    /// The part of ``begin(_:from:at:state:)`` that may keep a state: the first turn's, the one
    /// after a turn whose end never came, and the one the budget asks for. Returns whether it
    /// kept one.
    // Out of line: the states it copies made `begin`'s frame hundreds of bytes, which every turn
    // set up, and kept `begin` from being inlined into the recorder's (W2r: 50 instructions a
    // turn).
    @inlinable @inline(never)
    mutating func keepBeforeTurn(at start: UInt64, state: GetState<State>) -> Bool {
        var kept = false
        if begun == 0 {
            keep(state())
            kept = true
        }
        if hasTurnUnderWay {
            // A turn whose end never came (none is known to) is over when the next begins.
            if end(at: start) {
                keep(state())
                kept = true
            }
        }
        if budgetTaken {
            keep(state())
            kept = true
        }
        return kept
    }

    /// Whether the turns ended since the last kept state took the budget.
    @inlinable
    var budgetTaken: Bool { turnsSinceKept > 0 && ticksSinceKept >= budgetTicks }

    /// Whether a turn has begun and its end is not noted yet.
    @inlinable
    var hasTurnUnderWay: Bool { ended < begun }

    /// Notes the end of the turn under way; returns whether the state after it is to be kept:
    /// then ``keep(_:)`` it.
    @inlinable
    mutating func end(at end: UInt64) -> Bool {
        guard hasTurnUnderWay else { return false }
        let slot = nextTurn == 0 ? turns.count - 1 : nextTurn - 1
        turns[slot].end = end
        ended = begun
        turnsSinceKept += 1
        ticksSinceKept &+= end > turns[slot].start ? end - turns[slot].start : 0
        return keepsStateOfTurnUnderWay
    }

    /// Keeps `state`, the state after the last turn ended, and lets go of the kept states no
    /// step read back needs any more.
    // Inlinable, so that it runs specialized for the app's state: unspecialized, each kept state
    // looked up the metadata of its storage and was copied through value witnesses (the
    // every-state recorder, W2re: 2,123 instructions a turn).
    @inlinable
    mutating func keep(_ state: State) {
        kept.dropBefore(turn: ended - capacity)
        kept.append(turn: ended, state: state)
        turnsSinceKept = 0
        ticksSinceKept = 0
    }

    /// Stops a debug build if the kept states do not cover the steps read back: none kept after
    /// a turn began, the first one after the oldest step, the turns from the one a read starts
    /// at no longer all in `turns`, or the newest further back than `maxSpacing` turns.
    /// (States older than the one a read starts at go when the next state is kept.)
    ///
    /// - Complexity: O(log *n*) for the *n* states kept.
    @usableFromInline
    func checkKeptStates() {
        guard begun > 0 else { return }
        let oldestRead = max(ended - capacity, 0)
        guard let first = kept.lastIndex(atOrBefore: oldestRead) else {
            assertionFailure("TurnLog: \(begun) turns begun, and no state kept at or before turn \(oldestRead)")
            return
        }
        assert(begun - kept[first].turn <= capacity + maxSpacing, "TurnLog: the turns from the kept state a read starts at (\(kept[first].turn)) to the last begun (\(begun)) no longer fit")
        assert(ended - kept[kept.count - 1].turn <= maxSpacing, "TurnLog: \(ended - kept[kept.count - 1].turn) turns since the last kept state, at most \(maxSpacing) expected")
    }

    /// What reading ended turns needs, copied out: the kept ones from turn `first` (or the
    /// oldest kept, if later), at most `limit` of them, the turns from the kept state before the
    /// first of them, and the kept states among them. `nil` when no such turn has ended.
    ///
    /// - Complexity: O(*k* + `maxSpacing`) for the *k* turns read (at most `capacity`).
    func window(from first: Int = 0, limit: Int = .max) -> TurnWindow<Action, State>? {
        let firstRead = max(first, ended - capacity, 0)
        guard firstRead < ended, limit > 0 else { return nil }
        let endRead = firstRead + min(limit, ended - firstRead)
        guard let firstKept = kept.lastIndex(atOrBefore: firstRead) else {
            preconditionFailure("TurnLog: no state kept at or before turn \(firstRead)")
        }
        let lastKept = kept.lastIndex(atOrBefore: endRead) ?? firstKept
        let firstTurn = kept[firstKept].turn
        let turnSlots = capacity + maxSpacing
        return TurnWindow(
            firstTurn: firstTurn,
            firstRead: firstRead,
            turns: (firstTurn..<endRead).map { turns[$0 % turnSlots] },
            kept: (firstKept...lastKept).map { kept[$0] }
        )
    }
}

/// One turn as a ``TurnLog`` notes it: its start and end in ticks of the recorder's `TickClock`.
@usableFromInline
struct NotedTurn<Action> {
    @usableFromInline var action: Action
    @usableFromInline var source: ActionSource
    @usableFromInline var start: UInt64
    @usableFromInline var end: UInt64

    @inlinable
    init(action: Action, source: ActionSource, start: UInt64, end: UInt64) {
        self.action = action
        self.source = source
        self.start = start
        self.end = end
    }
}
