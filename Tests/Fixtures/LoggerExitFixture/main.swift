// A program that dispatches through `.logger()` and returns at once, for the logger's test that
// what was logged reaches standard output even when the program ends right after.
import RexCore
import RexMiddlewares

struct Inspector: MiddlewareProtocol {
    func handle(action: Int, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<Int> {
        .pure()
    }
}

let store = ReduxStoreBase(
    initialState: 0,
    reducer: .reduce { action, state in state += action },
    middleware: Inspector().logger(actionFormat: .name)
)
for amount in 1...3 {
    store.dispatch(amount)
}
print("program done")
