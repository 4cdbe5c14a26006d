import RexCore

/// What an epic sees for each action: the action, and the state right after the reducer.
public struct EpicInput<Action: Sendable, State: Sendable>: Sendable {
    /// The action the store processed.
    public let action: Action
    /// The state after the reducer applied the action.
    public let state: State

    /// Creates what an epic sees for one action; public so that an epic, being a function of
    /// streams, can be tested by feeding it inputs, without a store.
    public init(action: Action, state: State) {
        self.action = action
        self.state = state
    }
}

/// A middleware built from an epic: a function from the stream of actions (each with the state
/// after it) to a stream of actions to dispatch, in the manner of redux-observable.
///
/// ```swift
/// let pingPong = EpicMiddleware<AppAction, AppState> { inputs in
///     inputs.compactMap { $0.action == .ping ? AppAction.pong : nil }
/// }
/// ```
///
/// The epic starts with the first action, in a task of its own, and sees every action after the
/// reducer, in the store's order. Releasing the middleware ends its input stream and cancels it.
public final class EpicMiddleware<Action: Sendable, State: Sendable>: MiddlewareProtocol, Sendable {
    private let inputs: AsyncStream<EpicInput<Action, State>>
    private let continuation: AsyncStream<EpicInput<Action, State>>.Continuation
    private let run: @Sendable (AsyncStream<EpicInput<Action, State>>, AnyActionHandler<Action>) async -> Void
    private let started = StartOnce()

    /// Creates the middleware from an epic.
    public init<Outputs: AsyncSequence & Sendable>(
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        _ epic: @escaping @Sendable (AsyncStream<EpicInput<Action, State>>) -> Outputs
    ) where Outputs.Element == Action {
        (inputs, continuation) = AsyncStream.makeStream(of: EpicInput<Action, State>.self)
        let source = ActionSource(file: file, function: function, line: line, info: "epic")
        run = { inputs, output in
            do {
                for try await action in epic(inputs) {
                    output.dispatch(DispatchedAction(action, dispatcher: source))
                }
            } catch {
                // A failing epic ends; what it dispatched stays dispatched.
            }
        }
    }

    deinit {
        continuation.finish()
        started.cancel()
    }

    /// Returns an IO that gives the epic the action and the state after the reducer.
    public func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Action> {
        IO { [self] output in
            started.startIfNeeded { [inputs, run] in
                Task { await run(inputs, output) }
            }
            continuation.yield(EpicInput(action: action, state: state()))
        }
    }
}

/// Starts a task once, and cancels it on request.
final class StartOnce: @unchecked Sendable {  // `task` is guarded by `lock`
    private let lock = Lock()
    private var task: Task<Void, Never>?

    func startIfNeeded(_ start: () -> Task<Void, Never>) {
        lock.withLock {
            if task == nil {
                task = start()
            }
        }
    }

    func cancel() {
        lock.withLock { task }?.cancel()
    }
}
