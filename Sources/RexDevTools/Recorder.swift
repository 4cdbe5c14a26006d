import Foundation
import RexCore

/// Keeps the last turns of a store in a ring of a fixed size: what a ``RecorderMiddleware``
/// composed into the store saw. Export them as a ``RecordedSession``, replay them through a
/// reducer, or attach them to a bug report.
///
/// ```swift
/// let recorder = Recorder<AppAction, AppState>(capacity: 1_000)
/// let store = ReduxStoreBase(initialState: AppState(), reducer: appReducer, middleware: recorder.middleware <> appMiddleware)
/// ```
///
/// One recorder records one store. Memory: at most `capacity` steps, each holding its action and
/// the state after it. States are values: steps share whatever the states share (an array that
/// one turn did not change is held once), and a step holding the state makes the next reducer
/// copy what it changes (as any kept state does). A recorder that is not composed costs nothing.
public final class Recorder<Action: Sendable, State: Sendable>: @unchecked Sendable {  // every `var` is guarded by `lock`
    /// The most steps kept: older ones go as new ones come.
    public let capacity: Int
    // Unchecked exclusivity: `lock` already keeps the accesses apart, and the dynamic checks
    // cost more than the rest of a step.
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var ring: StepRing<RawStep<Action, State>>
    /// The state before the first step. Once the ring is full, the state before the oldest step
    /// kept is the state of the step the ring keeps before it: the ring holds one step more than
    /// `capacity`, so that a turn does not copy the state of the step that goes.
    @usableFromInline @exclusivity(unchecked) var baseState: State?
    /// When the first step started, in ``monotonicNanoseconds()``.
    @usableFromInline @exclusivity(unchecked) var firstStart: UInt64?
    @usableFromInline @exclusivity(unchecked) var nextIndex = 0
    /// Reads the store's state: kept from the first turn.
    @usableFromInline @exclusivity(unchecked) var getState: GetState<State>?
    /// The turn under way, noted before the reducer: its action, source and start.
    @usableFromInline @exclusivity(unchecked) var pendingAction: Action?
    @usableFromInline @exclusivity(unchecked) var pendingSource: ActionSource?
    @usableFromInline @exclusivity(unchecked) var pendingStart: UInt64 = 0
    /// Wall time is this date plus the time on the monotonic clock since `origin`: a turn
    /// reads one clock at each end, and the dates are made when the steps are read.
    @usableFromInline let originDate = Date()
    @usableFromInline let origin = monotonicNanoseconds()

    /// A recorder that keeps the last `capacity` steps.
    public init(capacity: Int = 1_000) {
        self.capacity = capacity
        ring = StepRing(capacity: capacity + 1)
    }

    /// The middleware to compose into the store: it records each turn after it runs.
    public var middleware: RecorderMiddleware<Action, State> {
        RecorderMiddleware(recorder: self)
    }

    /// The steps kept, oldest first.
    ///
    /// - Complexity: O(*n*) for the *n* steps kept.
    public var steps: [RecordedStep<Action, State>] {
        lock.withLock { keptSteps().map(recordedStep) }
    }

    /// The steps kept, and the state before the oldest of them. Call with the lock held.
    func keptSteps() -> ArraySlice<RawStep<Action, State>> {
        let all = ring.steps
        return ring.isFull ? all.dropFirst() : all[...]
    }

    /// The state before the oldest step kept. Call with the lock held.
    func stateBeforeKeptSteps() -> State? {
        ring.isFull ? ring.steps.first?.state : baseState
    }

    /// A kept step as it is read: with its wall time.
    func recordedStep(_ step: RawStep<Action, State>) -> RecordedStep<Action, State> {
        RecordedStep(
            index: step.index,
            action: step.action,
            source: step.source,
            time: date(step.start),
            duration: .nanoseconds(Int64(clamping: step.duration)),
            state: step.state
        )
    }

    /// The wall time of a reading of the monotonic clock.
    func date(_ nanoseconds: UInt64) -> Date {
        originDate.addingTimeInterval((Double(nanoseconds) - Double(origin)) / 1e9)
    }

    /// How many turns the recorder has seen, kept or not.
    public var recordedCount: Int {
        lock.withLock { nextIndex }
    }

    /// Before the reducer: notes the action; on the first turn, keeps the getter and the state
    /// before it.
    @inlinable
    func begin(_ action: Action, from source: ActionSource, at start: UInt64, state: @escaping GetState<State>) {
        lock.lock()
        defer { lock.unlock() }
        if getState == nil {
            getState = state
            baseState = state()
            firstStart = start
        }
        pendingAction = action
        pendingSource = source
        pendingStart = start
    }

    /// After the turn: records it, with the state the store holds now.
    @inlinable
    func end(at end: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        // Taken, not copied: the action and its source move into the step, and the step into the ring.
        guard let getState, let action = pendingAction.take(), let source = pendingSource.take() else { return }
        ring.append(RawStep(index: nextIndex, action: action, source: source, start: pendingStart, duration: end &- pendingStart, state: getState()))
        nextIndex += 1
    }

    /// The steps kept, as a session: the state before the oldest, and each step after it;
    /// `nil` before the first step.
    ///
    /// - Complexity: O(*n*) for the *n* steps kept.
    public func session(appName: String, appVersion: String) -> RecordedSession<Action, State>? {
        lock.withLock {
            guard let initialState = stateBeforeKeptSteps(), let firstStart else { return nil }
            let steps = keptSteps()
            return RecordedSession(
                appName: appName,
                appVersion: appVersion,
                startedAt: date(steps.first?.start ?? firstStart),
                initialState: initialState,
                steps: steps.map(recordedStep)
            )
        }
    }
}

/// A step as the ring keeps it: its start and duration in nanoseconds of the monotonic clock,
/// made a date and a `Duration` when read.
@usableFromInline
struct RawStep<Action, State> {
    @usableFromInline let index: Int
    @usableFromInline let action: Action
    @usableFromInline let source: ActionSource
    @usableFromInline let start: UInt64
    @usableFromInline let duration: UInt64
    @usableFromInline let state: State

    @inlinable
    init(index: Int, action: Action, source: ActionSource, start: UInt64, duration: UInt64, state: State) {
        self.index = index
        self.action = action
        self.source = source
        self.start = start
        self.duration = duration
        self.state = state
    }
}
