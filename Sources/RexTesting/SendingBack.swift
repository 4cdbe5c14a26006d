import RexCore

/// A test store's middleware: the one under test, whose IO sends what it dispatches to the test
/// store's actions sent back instead of to the store, where `receive` takes them one at a time.
struct SendingBack<Action: Sendable, State>: MiddlewareProtocol {
    let inner: AnyMiddleware<Action, Action, State>
    let sentBack: SentBackActions<Action>

    func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Action> {
        let io = inner.handle(action: action, from: dispatcher, state: state)
        guard !io.isPure else { return .pure() }
        return IO { [sentBack] _ in
            io.run(AnyActionHandler { sentBack.append($0) })
        }
    }
}
