// A program that saves its state through a PersistenceMiddleware in a loop, as fast as it can,
// for the crash test, which kills it with SIGKILL at random moments and reads what it left.
//
//     PersistenceCrashFixture <file> [once]
//
// Each save holds 2,000 items that all carry the same generation number, so that a file mixing
// two saves cannot pass for one. The program starts from what the file holds, and says "saved"
// after its first save. With `once`, it exits after that save: the launch after the last kill.
import Foundation
import RexCore
import RexMiddlewares

struct State: Sendable {
    var items: [String] = []
}

let generation = Reducer<Int, State>.reduce { next, state in
    state.items = (0..<2_000).map { "\(next)-\($0)" }
}

let persistence = PersistenceMiddleware<Int, State, [String]>(
    part: \State.items,
    storage: FileStorage(url: URL(fileURLWithPath: CommandLine.arguments[1])),
    debounce: .zero,
    report: { _ in nil }
)
let store = ReduxStoreBase(initialState: persistence.restoring(State()), reducer: generation, middleware: persistence)
var next = (store.state.items.first?.split(separator: "-").first).flatMap { Int($0) } ?? 0
var saves = 0
while true {
    next += 1
    store.dispatch(next)
    await persistence.flush()
    saves += 1
    if saves == 1 {
        // Once: the test kills the program after this, at a random moment of the saves that follow.
        FileHandle.standardOutput.write(Data("saved\n".utf8))
        if CommandLine.arguments.dropFirst(2).first == "once" { exit(0) }
    }
}
