import Foundation
import RexCore
import RexAtomics
import RexTicks

/// Keeps the last turns of a store in a ring of a fixed size: what a ``RecorderMiddleware``
/// composed into the store saw. Export them as a ``RecordedSession``, replay them through a
/// reducer, or attach them to a bug report.
///
/// ```swift
/// let recorder = Recorder(capacity: 1_000, reducer: appReducer)
/// let store = ReduxStoreBase(initialState: AppState(), reducer: appReducer, middleware: recorder.middleware <> appMiddleware)
/// ```
///
/// Each turn notes its action, where it came from, and when it started and ended. Given the
/// store's reducer, the recorder keeps the store's state after some turns, and the states between
/// are the reducer's, run again from the one before when the steps are read: for a pure reducer,
/// the states the store had. Which states it keeps follows what they cost (see
/// ``init(capacity:reducer:replayBudget:)``): a kept state makes the store's next writes copy
/// what they change, and reading a step runs the reducer from the kept state before it. Without
/// a reducer, it keeps the state after every turn.
///
/// Compose it at the top of the app's middleware, not lifted, so that it sees every action.
/// One recorder records one store. Memory: `capacity + snapshotInterval` turns' actions and
/// sources, and at most `capacity + 2` states: the ones kept among the last `capacity` turns and
/// the one before them, and any let go of whose place no newer state has taken yet. States are
/// values: kept states share whatever they share with the store's (an array no turn changed is
/// held once). A read copies, under the recorder's lock, the turns from the kept state before
/// the first step it reads (up to `snapshotInterval` more than it reads; a turn that begins
/// meanwhile waits). A recorder that is not composed costs nothing.
//
// Invariant: `lock` guards `log` and `getState`; `endMark` is read and written atomically, with
// or without it (see `TurnEndMark`). `getState` is `nil` until the first `begin`, then that
// turn's getter, never changed. The log has at most one turn under way (`ended <= begun`), and
// while it has one, `endMark` says `keepsState` exactly when the log keeps the state after it:
// such a turn's `end` notes itself under the lock. Any other turn's mark holds `underWay` until
// its `end` stores its end tick, without the lock, which the next `begin` or a reader notes
// under it. Debug builds check this after each change under the lock (`checkLocked()`, O(log n) for the n kept states).
public final class Recorder<Action: Sendable, State: Sendable>: @unchecked Sendable {
    // @unchecked: every `var` is guarded by `lock`; `endMark` is read and written atomically.
    /// The most steps kept: older ones go as new ones come.
    public let capacity: Int
    /// The most turns between two kept states: 1 without a reducer (every state is kept), the
    /// interval given to ``init(capacity:reducer:snapshotInterval:)``, and `4 * capacity` with a
    /// replay budget.
    public let snapshotInterval: Int
    /// With a replay budget, how long the turns since the last kept state may take before the
    /// next state is kept; `nil` when states are kept by count only.
    public let replayBudget: Duration?
    /// Makes the states between kept ones; `nil` when every state is kept.
    let reducer: Reducer<Action, State>?
    // Unchecked exclusivity: `lock` already keeps the accesses apart, and the dynamic checks
    // cost more than the rest of a turn's note.
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var log: TurnLog<Action, State>
    /// Reads the store's state: kept from the first turn.
    @usableFromInline @exclusivity(unchecked) var getState: GetState<State>?
    /// Makes the ticks a turn reads at each end dates and durations, when the steps are read.
    @usableFromInline let clock = TickClock()
    /// How the turn under way ends (see ``TurnEndMark``): a turn that keeps no state stores its
    /// end here, atomically, without the lock, and the next turn or a reader notes it under the
    /// lock. Such a turn takes the lock once, at its start, instead of at both ends.
    @usableFromInline let endMark = TurnEndMark()
    /// `replayBudget` in nanoseconds; the log's budget is it in ticks, measured anew as each
    /// state is kept (and on the first turn).
    let budgetNanoseconds: UInt64?

    /// A recorder that keeps the last `capacity` steps, and the state after every turn.
    ///
    /// Each turn reads the state from the store: exact whatever the reducer does, and the dearer
    /// way. Given the store's reducer (``init(capacity:reducer:replayBudget:)``), a turn costs
    /// less than half as much (W2: 50 ns a turn against 119).
    public convenience init(capacity: Int = 1_000) {
        self.init(capacity: capacity, snapshotInterval: 1, replayBudget: nil, reducer: nil)
    }

    /// A recorder that keeps the last `capacity` steps and, of their states, as few as reading
    /// them allows: the state after a turn is kept once the turns since the last kept state took
    /// `replayBudget` in all (or `4 * capacity` turns went by); `reducer` (the store's) makes the
    /// others when they are read, from the kept state before them.
    ///
    /// Reading a step runs the reducer for at most the turns since the kept state before it:
    /// less than `replayBudget` and the last of those turns, as each turn's time includes its
    /// reducer's. (Which turn ends the budget is known only once it has run; its state is kept as
    /// the next turn begins.) A kept state costs
    /// the store's next writes a copy of what they change (for an `IdentifiedArray`, the path to
    /// each element changed; for a plain `Array`, the array), so the fewer states kept, the
    /// cheaper the turns. With the default budget and capacity, at 10 µs a turn it keeps about
    /// one state every 500 turns; at 1.25 µs a turn or less, one every `4 * capacity` (in
    /// general, when a turn takes `replayBudget / (4 * capacity)` or less); when each turn takes
    /// the budget or more, every state.
    ///
    /// With the default budget, 5 ms, reading a step runs the reducer for less than 5 ms and one
    /// turn, and most of the time far less: a turn's time includes its middlewares',
    /// subscribers' and IO's, which reading does not run again. A smaller budget makes the turns
    /// of a large state dearer: after each kept state, the next writes copy most of a large
    /// list's chunks again. (With 1 ms, a store of 10,000 items whose turns take half a
    /// microsecond keeps a state every 2,000 turns rather than every 4,000, and the recorder's
    /// part of its turns counted 1,109 instructions against 822.)
    ///
    /// A reducer that is not pure (that reads the clock, say) makes states between the kept ones
    /// that the store may not have had; record it with ``init(capacity:)``.
    public convenience init(capacity: Int = 1_000, reducer: Reducer<Action, State>, replayBudget: Duration = .milliseconds(5)) {
        precondition(replayBudget >= .zero, "a recorder's replay budget is not negative")
        // Four times `capacity` at most: past it, a state kept saves little more (W13, 10,000
        // items: each turn changes one, a kept state copies a path for each element changed
        // until the next), and the ring of turns holds `capacity + snapshotInterval`.
        self.init(capacity: capacity, snapshotInterval: 4 * capacity, replayBudget: replayBudget, reducer: reducer)
    }

    /// A recorder that keeps the last `capacity` steps and, of their states, the one after every
    /// `snapshotInterval`-th turn; `reducer` (the store's) makes the others when they are read.
    ///
    /// A reducer that is not pure (that reads the clock, say) makes states between the kept ones
    /// that the store may not have had; record it with ``init(capacity:)``.
    public convenience init(capacity: Int = 1_000, reducer: Reducer<Action, State>, snapshotInterval: Int) {
        self.init(capacity: capacity, snapshotInterval: snapshotInterval, replayBudget: nil, reducer: reducer)
    }

    private init(capacity: Int, snapshotInterval: Int, replayBudget: Duration?, reducer: Reducer<Action, State>?) {
        self.capacity = capacity
        self.snapshotInterval = snapshotInterval
        self.replayBudget = replayBudget
        self.reducer = reducer
        log = TurnLog(capacity: capacity, maxSpacing: snapshotInterval)
        budgetNanoseconds = replayBudget.map { budget in
            let (seconds, attoseconds) = budget.components
            return seconds >= Int64(UInt64.max / 1_000_000_000) ? .max : UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        }
    }

    /// The middleware to compose into the store: it notes each turn.
    public var middleware: RecorderMiddleware<Action, State> {
        RecorderMiddleware(recorder: self)
    }

    /// The steps kept, oldest first.
    ///
    /// - Complexity: O(*n*) for the *n* steps kept, and up to `n + snapshotInterval` runs of the
    ///   reducer.
    public var steps: [RecordedStep<Action, State>] {
        read()?.steps ?? []
    }

    /// How many turns the recorder has seen end, kept or not.
    public var recordedCount: Int {
        lock.withLock {
            noteEndOfTurnUnderWay()
            checkLocked()
            return log.ended
        }
    }

    /// Before the reducer: notes the action, its source and its start; on the first turn, keeps
    /// the getter and the state before it.
    @inlinable
    func begin(_ action: Action, from source: ActionSource, at start: UInt64, state: @escaping GetState<State>) {
        lock.lock()
        if getState == nil {
            getState = state
        }
        noteEndOfTurnUnderWay()
        if log.begin(action, from: source, at: start, state: state) {
            measureBudget()
        }
        endMark.store(log.keepsStateOfTurnUnderWay ? TurnEndMark.keepsState : TurnEndMark.underWay)
        checkLocked()
        lock.unlock()
    }

    /// After the turn: stores its end in `endMark`; a turn whose state is kept notes its end and
    /// the state under the lock.
    @inlinable
    func end(at end: UInt64) {
        guard endMark.load() == TurnEndMark.keepsState else {
            endMark.store(max(end, TurnEndMark.firstTick))
            return
        }
        lock.lock()
        // The getter is read only when the state is kept: binding it every turn retained it.
        if log.end(at: end), let getState {
            keep(getState())
        }
        checkLocked()
        lock.unlock()
    }

    /// Notes the end of the turn under way if its `end` stored it. Call with the lock held.
    @inlinable
    func noteEndOfTurnUnderWay() {
        guard log.hasTurnUnderWay else { return }
        let mark = endMark.load()
        if mark >= TurnEndMark.firstTick, log.end(at: mark), let getState {
            keep(getState())
        }
    }

    /// Keeps `state` after the last turn ended and, with a replay budget, measures anew what the
    /// budget is in ticks. Call with the lock held.
    @inlinable
    func keep(_ state: State) {
        log.keep(state)
        measureBudget()
    }

    /// With a replay budget, gives the log the budget in ticks at the rate the clock measures
    /// now: after each state the log keeps (the first turn's included), so at most once a turn,
    /// and a turn that keeps one has taken the budget. Call with the lock held.
    // Not inlined: it runs only with a kept state.
    @usableFromInline
    func measureBudget() {
        if let budgetNanoseconds {
            log.budgetTicks = clock.ticks(inNanoseconds: budgetNanoseconds)
        }
    }

    /// The steps kept, as a session: the state before the oldest, and each step after it;
    /// `nil` before the first step.
    ///
    /// - Complexity: O(*n*) for the *n* steps kept, and up to `n + snapshotInterval` runs of the
    ///   reducer.
    public func session(appName: String, appVersion: String) -> RecordedSession<Action, State>? {
        guard let (initialState, steps) = read(), let first = steps.first else { return nil }
        return RecordedSession(
            appName: appName,
            appVersion: appVersion,
            startedAt: first.time,
            initialState: initialState,
            steps: steps
        )
    }

    /// The steps kept from step `first` (or from the oldest kept, if later), at most `limit` of
    /// them, and the state before the first of them; `nil` when there is no such step. The
    /// turns are copied under the lock, and the states between kept ones made after it.
    ///
    /// - Complexity: O(*k*) for the *k* steps read, and up to `k + snapshotInterval` runs of the
    ///   reducer.
    func read(from first: Int = 0, limit: Int = .max) -> (initialState: State, steps: [RecordedStep<Action, State>])? {
        let window = lock.withLock {
            noteEndOfTurnUnderWay()
            checkLocked()
            return log.window(from: first, limit: limit)
        }
        guard let window else { return nil }
        let rate = clock.nanosecondsPerTick()
        let (initialState, turns) = window.steps(reduce: reducer.map { reducer in { reducer.reduce($0, &$1) } })
        let steps = turns.map { index, turn, state in
            RecordedStep(
                index: index,
                action: turn.action,
                source: turn.source,
                time: clock.date(turn.start, rate: rate),
                duration: clock.duration(from: turn.start, to: turn.end, rate: rate),
                state: state
            )
        }
        return (initialState, steps)
    }

    /// Stops a debug build if the recorder breaks its invariant: a turn noted with no getter
    /// kept, more turns ended than begun, or a turn under way whose mark and log disagree on
    /// whether its state is kept. Call with the lock held. Inlinable, so that a release build's
    /// turn, which calls it from inlined code, finds it empty and calls nothing.
    @inlinable
    func checkLocked() {
        #if DEBUG
        lock.assertHeld("Recorder: checked without the lock")
        assert(log.begun == 0 || getState != nil, "Recorder: \(log.begun) turns noted, and no getter kept")
        assert(log.ended <= log.begun, "Recorder: \(log.ended) turns ended of \(log.begun) begun")
        log.checkKeptStates()  // O(log n) for the n kept states, in debug builds only
        if log.hasTurnUnderWay {
            let keepsState = endMark.load() == TurnEndMark.keepsState
            assert(keepsState == log.keepsStateOfTurnUnderWay, "Recorder: the mark says the turn under way \(keepsState ? "keeps" : "does not keep") its state, the log says the opposite")
        }
        #endif
    }

    /// Stops a debug build if the recorder breaks its invariant (see ``checkLocked()``).
    func checkInvariants() {
        lock.withLock { checkLocked() }
    }
}
