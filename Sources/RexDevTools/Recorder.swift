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
/// Memory: at most `capacity` steps, each holding its action and the state after it. States are
/// values: steps share whatever the states share (an array that one turn did not change is held
/// once), and a step holding the state makes the next reducer copy what it changes (as any kept
/// state does). A recorder that is not composed costs nothing.
public final class Recorder<Action: Sendable, State: Sendable>: @unchecked Sendable {  // every `var` is guarded by `lock`
    /// The most steps kept: older ones go as new ones come.
    public let capacity: Int
    private let lock = NSLock()
    private var ring: StepRing<RecordedStep<Action, State>>
    /// The state before the oldest step kept.
    private var baseState: State?
    private var startedAt: Date?
    private var nextIndex = 0

    /// A recorder that keeps the last `capacity` steps.
    public init(capacity: Int = 1_000) {
        self.capacity = capacity
        ring = StepRing(capacity: capacity)
    }

    /// The middleware to compose into the store: it records each turn after it runs.
    public var middleware: RecorderMiddleware<Action, State> {
        RecorderMiddleware(recorder: self)
    }

    /// The steps kept, oldest first.
    ///
    /// - Complexity: O(*n*) for the *n* steps kept.
    public var steps: [RecordedStep<Action, State>] {
        lock.withLock { ring.steps }
    }

    /// How many turns the recorder has seen, kept or not.
    public var recordedCount: Int {
        lock.withLock { nextIndex }
    }

    /// Whether the next step is the first: its middleware then reads the state before it.
    var needsInitialState: Bool {
        lock.withLock { baseState == nil }
    }

    /// Adds a step; the oldest goes if the ring is full.
    func record(action: Action, source: ActionSource, time: Date, duration: Duration, before: State?, after: State) {
        lock.withLock {
            if baseState == nil, let before {
                baseState = before
                startedAt = time
            }
            let step = RecordedStep(index: nextIndex, action: action, source: source, time: time, duration: duration, state: after)
            nextIndex += 1
            if let dropped = ring.append(step) {
                baseState = dropped.state
            }
        }
    }

    /// The steps kept, as a session: the state before the oldest, and each step after it;
    /// `nil` before the first step.
    ///
    /// - Complexity: O(*n*) for the *n* steps kept.
    public func session(appName: String, appVersion: String) -> RecordedSession<Action, State>? {
        lock.withLock {
            guard let baseState, let startedAt else { return nil }
            return RecordedSession(
                appName: appName,
                appVersion: appVersion,
                startedAt: startedAt,
                initialState: baseState,
                steps: ring.steps
            )
        }
    }

    /// Forgets every step; the next one starts a new session.
    public func reset() {
        lock.withLock {
            ring.removeAll()
            baseState = nil
            startedAt = nil
        }
    }
}
