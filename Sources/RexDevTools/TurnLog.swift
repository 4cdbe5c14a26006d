import RexCore

/// What a ``Recorder`` keeps of the turns it saw, in memory that does not grow: each turn's
/// action, source, start and end, and the state after every `interval`-th turn.
///
/// A turn is noted in two steps, in place, in arrays whose room is reserved up front:
/// ``begin(_:from:at:state:)`` when the middleware handles its action, ``end(at:)`` once the
/// turn has run. The states between two kept ones are the reducer's, run again when the steps are
/// read (see ``Recorder``): a turn copies no state but every `interval`-th, which the store gives.
@usableFromInline
struct TurnLog<Action, State> {
    /// The most steps read back.
    @usableFromInline let capacity: Int
    /// Every how many turns the state is kept; 1 keeps every state.
    @usableFromInline let interval: Int
    /// The turns, turn `i` at `i % turns.count` once all are made: `capacity + interval`, so
    /// that the turns from the kept state before the oldest step read back are all there.
    @usableFromInline var turns: [NotedTurn<Action>] = []
    /// The kept states, the state after turn `j * interval - 1` at `j % states.count` (the
    /// initial state first, as `j` 0).
    @usableFromInline var states: [State] = []
    /// Where the next turn goes in `turns`, and its kept state in `states`.
    @usableFromInline var nextTurn = 0
    @usableFromInline var nextState = 0
    /// How many states `states` holds once all are made.
    @usableFromInline let stateCount: Int
    /// Turns until the next state is kept.
    @usableFromInline var untilKept: Int
    /// Turns begun, and turns ended (all of them, or all but the one under way).
    @usableFromInline var begun = 0
    @usableFromInline var ended = 0

    init(capacity: Int, interval: Int) {
        precondition(capacity > 0, "a recorder keeps at least one step")
        precondition(interval > 0, "a recorder keeps the state every 1 or more turns")
        self.capacity = capacity
        self.interval = interval
        untilKept = interval
        // The kept states the steps read back need: one for each `interval` of them, and the
        // ones at both ends.
        stateCount = (capacity + interval - 1) / interval + 2
        turns.reserveCapacity(capacity + interval)
        states.reserveCapacity(stateCount)
    }

    /// Notes the start of a turn; on the first, keeps the state before it.
    @inlinable
    mutating func begin(_ action: Action, from source: ActionSource, at start: UInt64, state: GetState<State>) {
        if begun == 0 {
            keep(state())
        }
        if hasTurnUnderWay {
            // A turn whose end never came (none is known to) is over when the next begins.
            if end(at: start) {
                keep(state())
            }
        }
        let turn = NotedTurn(action: action, source: source, start: start, end: start)
        if turns.count < capacity + interval {
            turns.append(turn)
        } else {
            turns[nextTurn] = turn
        }
        nextTurn = nextTurn + 1 == capacity + interval ? 0 : nextTurn + 1
        begun += 1
    }

    /// Whether a turn has begun and its end is not noted yet.
    @inlinable
    var hasTurnUnderWay: Bool { ended < begun }

    /// Whether the state after the turn under way is to be kept.
    @inlinable
    var keepsStateOfTurnUnderWay: Bool { untilKept == 1 }

    /// Notes the end of the turn under way; returns whether the state after it is to be kept
    /// (every `interval`-th turn): then ``keep(_:)`` it.
    @inlinable
    mutating func end(at end: UInt64) -> Bool {
        guard hasTurnUnderWay else { return false }
        turns[nextTurn == 0 ? turns.count - 1 : nextTurn - 1].end = end
        ended = begun
        untilKept -= 1
        guard untilKept == 0 else { return false }
        untilKept = interval
        return true
    }

    /// Keeps `state` as the next kept state, in the place of the oldest once all are made.
    // Inlinable, so that it runs specialized for the app's state: unspecialized, each kept state
    // looked up the metadata of `[State]` and was copied through value witnesses (the
    // every-state recorder, W2re: 2,123 instructions a turn).
    @inlinable
    mutating func keep(_ state: State) {
        if states.count < stateCount {
            states.append(state)
        } else {
            states[nextState] = state
        }
        nextState = nextState + 1 == stateCount ? 0 : nextState + 1
    }

    /// What reading ended turns needs, copied out: the kept ones from turn `first` (or the
    /// oldest kept, if later), at most `limit` of them, the turns from the kept state before the
    /// first of them, and the kept states among them. `nil` when no such turn has ended.
    ///
    /// - Complexity: O(*k* + `interval`) for the *k* turns read (at most `capacity`).
    func window(from first: Int = 0, limit: Int = .max) -> TurnWindow<Action, State>? {
        let firstRead = max(first, ended - capacity, 0)
        guard firstRead < ended, limit > 0 else { return nil }
        let endRead = firstRead + min(limit, ended - firstRead)
        let firstKept = firstRead / interval
        let lastKept = endRead / interval
        let turnSlots = capacity + interval
        return TurnWindow(
            firstTurn: firstKept * interval,
            firstRead: firstRead,
            turns: (firstKept * interval..<endRead).map { turns[$0 % turnSlots] },
            kept: (firstKept...lastKept).map { states[$0 % stateCount] },
            interval: interval
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
