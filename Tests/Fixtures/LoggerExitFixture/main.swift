// A program that dispatches through `.logger()` and returns at once, for the logger's test that
// what was logged reaches standard output even when the program ends right after.
//
//     LoggerExitFixture          three actions, logged to standard output
//     LoggerExitFixture stuck    2,000 actions logged to a destination that never returns: the
//                                program must exit all the same, saying what was not written
import Foundation
import RexCore
import RexMiddlewares

if CommandLine.arguments.dropFirst().first == "stuck" {
    // Should the exit wait for the backlog, the watchdog ends the process with status 3 after
    // 60 s, without running the exit handlers (which would wait again).
    DispatchQueue.global().asyncAfter(deadline: .now() + 60) { _exit(3) }
    let never = DispatchSemaphore(value: 0)
    let stuck = ReduxStoreBase(
        initialState: 0,
        reducer: .reduce { action, state in state += action },
        middleware: Inspector().logger(actionFormat: .name, destination: .custom { _ in never.wait() })
    )
    for _ in 0..<2_000 {
        stuck.dispatch(1)
    }
    print("program done")
    exit(0)
}

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
