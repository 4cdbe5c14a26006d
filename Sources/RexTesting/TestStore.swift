import Foundation
import RexCore
import RexMiddlewares
import Testing

/// Runs a feature's reducer and middleware (effects included) step by step in a test, and checks
/// every state change and every action the middleware sends back.
///
/// ```swift
/// let store = TestStore(initialState: SearchState(), reducer: searchReducer, middleware: effects)
/// await store.send(.typed("rex")) { $0.query = "rex" }
/// clock.advance(by: .milliseconds(300))
/// await store.receive(.found(["rex 1"])) { $0.results = ["rex 1"] }
/// await store.finish()
/// ```
///
/// Exhaustive by default: a step fails when the state changed in a way its closure did not
/// write, when an action was sent back but not received before the next `send` or at `finish()`,
/// and when effects are still running at `finish()`. With `exhaustivity: .off`, only what a step
/// asserts is checked. Failures are recorded as Swift Testing issues at the step's line, with a
/// field-by-field diff of the expected and actual state.
///
/// Actions the middleware dispatches are not run at once: they wait until a `receive` takes
/// them, so that the test says what happens, in order. An action is received by equality (when
/// `Action` is `Equatable`), by case path (an optional property of the action, as actions are
/// lifted: `receive(\.detail?.loaded)`), or by a closure.
///
/// Each step runs on a real ``/RexCore/ReduxStoreBase`` made of the reducer and middleware: the
/// turn a test drives is the one an app runs (middlewares, reducer, commit, IO, lifetimes of
/// lifted parts). Only what the middleware dispatches is held back, for `receive`. The state
/// getter a middleware is handed is the store's, and does not keep the store alive: an effect
/// that outlives the test store (one that `finish()` gave up waiting for) reads the state the
/// store had last, as with any store.
public final class TestStore<Action: Sendable, State: Sendable & Equatable>: @unchecked Sendable {
    // `strictness` is guarded by `lock`; the store and the actions sent back keep their own.

    /// How strict a test store is.
    public enum Exhaustivity: Sendable {
        /// Every state change and every action sent back must be asserted, and no effect may be
        /// left running.
        case on
        /// Only what each step asserts is checked.
        case off
    }

    private let lock = Lock()
    private let store: ReduxStoreBase<Action, State>
    private let sentBack = SentBackActions<Action>()
    private let effects: [any EffectRunning]
    private var strictness: Exhaustivity

    /// How strict the store is; may change between steps.
    public var exhaustivity: Exhaustivity {
        get { lock.withLock { strictness } }
        set { lock.withLock { strictness = newValue } }
    }

    /// Creates a test store.
    ///
    /// - Parameters:
    ///   - initialState: The state before the first step.
    ///   - reducer: The reducer under test.
    ///   - middleware: The middleware under test; none by default.
    ///   - effects: The effect middlewares whose effects `finish()` waits for, and checks; by
    ///     default, those found inside `middleware`, however the app's entry point built it
    ///     (lifted, joined with `<>`, gated, logged). Give them when `middleware` is type-erased
    ///     (``/RexCore/AnyMiddleware``, ``/RexCore/ComposedMiddleware``), whose members cannot be
    ///     looked into.
    ///   - exhaustivity: `.on` (the default) to check everything.
    public init<Middleware: MiddlewareProtocol>(
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: Middleware,
        effects: [any EffectRunning]? = nil,
        exhaustivity: Exhaustivity = .on
    ) where Middleware.InputActionType == Action, Middleware.OutputActionType == Action, Middleware.StateType == State {
        store = ReduxStoreBase(
            initialState: initialState,
            reducer: reducer,
            middleware: SendingBack(inner: AnyMiddleware(middleware), sentBack: sentBack)
        )
        self.effects = effects ?? Self.effectRunners(in: middleware)
        self.strictness = exhaustivity
    }

    /// Creates a test store for a reducer alone.
    public convenience init(initialState: State, reducer: Reducer<Action, State>, exhaustivity: Exhaustivity = .on) {
        self.init(
            initialState: initialState,
            reducer: reducer,
            middleware: IdentityMiddleware<Action, Action, State>(),
            exhaustivity: exhaustivity
        )
    }

    /// The state after the last step.
    public var state: State {
        store.state
    }

    /// Sends an action, as a view would, and checks the state change that `update` describes
    /// (applied to the state before the action); without `update`, the state must not change.
    public func send(
        _ action: Action,
        assert update: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = Self.location(fileID, filePath, line, column)
        if exhaustivity == .on {
            let unreceived = sentBack.actions
            if !unreceived.isEmpty {
                Issue.record("Must receive \(Self.list(unreceived)) before sending \(String(describing: action)).", sourceLocation: location)
            }
        }
        let source = ActionSource(file: fileID, function: "send", line: line)
        run(DispatchedAction(action, dispatcher: source), update: update, location: location)
    }

    /// Ends the test: waits for the effects of the effect middlewares given or found at creation,
    /// and (when exhaustive) checks that none is left running and every action sent back was
    /// received.
    ///
    /// A state-driven effect (``/RexMiddlewares/EffectSupervisor``) runs as long as the state
    /// keeps its key: one still running is reported with its key, unless the test ended the state
    /// that keeps it (sent the action that logs out, closes the detail, removes the row), which
    /// cancels it.
    public func finish(
        timeout: Duration = .seconds(1),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = Self.location(fileID, filePath, line, column)
        let finished = await Self.within(timeout) { [effects] in
            for effect in effects {
                await effect.waitForEffects()
            }
        }
        guard exhaustivity == .on else { return }
        let running = effects.map(\.runningEffectCount).reduce(0, +)
        if !finished || running > 0 {
            Issue.record(Comment(rawValue: Self.stillRunning(running, kept: effects.flatMap(\.keptEffectKeys))), sourceLocation: location)
        }
        let unreceived = sentBack.actions
        if !unreceived.isEmpty {
            Issue.record("\(Self.list(unreceived)) sent back but never received.", sourceLocation: location)
        }
    }

    /// The one implementation of every `receive`: takes the next action sent back, checks it
    /// with `predicate`, runs it, and checks the state change.
    func receive(
        describedAs description: String,
        where predicate: (Action) -> Bool,
        timeout: Duration,
        assert update: ((inout State) throws -> Void)?,
        location: SourceLocation
    ) async {
        guard let next = await nextReceived(timeout: timeout) else {
            Issue.record("Expected to receive \(description), but nothing was sent back within \(timeout).", sourceLocation: location)
            return
        }
        guard predicate(next.action) else {
            Issue.record("Received \(String(describing: next.action)), expected \(description).", sourceLocation: location)
            return
        }
        run(next, update: update, location: location)
    }

    /// One turn of the store, then the state check. The store runs it here, at once: it is idle
    /// (only the test dispatches to it; what the middleware sends back waits in `sentBack`).
    private func run(_ dispatched: DispatchedAction<Action>, update: ((inout State) throws -> Void)?, location: SourceLocation) {
        let before = store.state
        store.dispatch(dispatched)
        check(before: before, after: store.state, update: update, location: location)
    }

    private func check(before: State, after: State, update: ((inout State) throws -> Void)?, location: SourceLocation) {
        var expected = before
        do {
            try update?(&expected)
        } catch {
            Issue.record("The step's state change threw: \(error)", sourceLocation: location)
            return
        }
        if update == nil && exhaustivity == .off { return }
        guard expected != after else { return }
        let difference = diffFields(expected, after, hiding: []).map { "  \($0)" }.joined(separator: "\n")
        Issue.record("The state is not what the step says (expected → actual):\n\(difference)", sourceLocation: location)
    }

    /// The next action sent back, waiting up to `timeout` for one.
    private func nextReceived(timeout: Duration) async -> DispatchedAction<Action>? {
        if let next = sentBack.takeFirst() { return next }
        _ = await Self.within(timeout) { [sentBack] in await sentBack.waitForOne() }
        return sentBack.takeFirst()
    }

    /// Runs `work`, and returns whether it ended within `timeout` of real time. The timeout only
    /// bounds how long a failing test waits; a passing test never waits for it. Work that does
    /// not end (an effect that never finishes) is left behind, not waited for.
    private static func within(_ timeout: Duration, _ work: @escaping @Sendable () async -> Void) async -> Bool {
        let race = FirstResult()
        return await withCheckedContinuation { continuation in
            race.start(continuation)
            Task {
                await work()
                race.finish(true)
            }
            Task {
                try? await Task.sleep(for: timeout)
                race.finish(false)
            }
        }
    }

    static func location(_ fileID: StaticString, _ filePath: StaticString, _ line: UInt, _ column: UInt) -> SourceLocation {
        SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }

    /// What `finish()` says of effects left running: those the state keeps are named, with what
    /// ends them.
    static func stillRunning(_ running: Int, kept: [String]) -> String {
        let count = "\(running) effect\(running == 1 ? " is" : "s are") still running at the end of the test."
        guard !kept.isEmpty else { return count }
        let keys = kept.map { "\"\($0)\"" }.joined(separator: ", ")
        return count + " The state keeps \(kept.count == 1 ? "the effect of key" : "the effects of keys") \(keys) running: "
            + "end the state that keeps \(kept.count == 1 ? "it" : "them") before finish()."
    }

    private static func list(_ actions: [Action]) -> String {
        actions.map { "\($0)" }.joined(separator: ", ")
    }
}

/// Resumes a continuation with the first result given, and ignores the others.
private final class FirstResult: @unchecked Sendable {  // `continuation` is guarded by `lock`
    private let lock = Lock()
    private var continuation: CheckedContinuation<Bool, Never>?

    func start(_ continuation: CheckedContinuation<Bool, Never>) {
        lock.withLock { self.continuation = continuation }
    }

    func finish(_ result: Bool) {
        let waiting: CheckedContinuation<Bool, Never>? = lock.withLock {
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: result)
    }
}
