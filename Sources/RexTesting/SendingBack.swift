import RexCore

/// A test store's middleware: the one under test, whose IO sends what it dispatches to the test
/// store's actions sent back instead of to the store, where `receive` takes them one at a time.
struct SendingBack<Action: Sendable, State>: MiddlewareProtocol {
    let inner: AnyMiddleware<Action, Action, State>
    let sentBack: SentBackActions<Action>

    func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Action> {
        sendingBack(inner.handle(action: action, from: dispatcher, state: state))
    }

    /// `io`, with what it dispatches sent back to the test instead of to the store.
    func sendingBack(_ io: IO<Action>) -> IO<Action> {
        guard !io.isPure else { return .pure() }
        return IO { [sentBack] _ in
            io.run(AnyActionHandler { sentBack.append($0) })
        }
    }
}

extension SendingBack: CommittedStateObserving {
    /// The inner middleware's observer of committed states, what it asks for sending back as
    /// the inner IOs do: a test store shows committed states to the middlewares that ask, and
    /// runs their checks after the turn's IOs, as a store does.
    func committedStateObserver() -> CommittedStateObserver<State, Action>? {
        guard let observer = RexCore.committedStateObserver(of: inner) else { return nil }
        return { state in sendingBack(observer(&state)) }
    }
}
