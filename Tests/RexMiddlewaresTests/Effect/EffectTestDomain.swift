import RexCore
import RexMiddlewares
import RexTesting
import RexTestSupport

/// A search screen: queries go out as effects, results come back as actions.
enum LookupAction: Equatable, Sendable {
    case search(String)
    case results(String)
    case cancelSearch
    case many(Int)
    case ping
    case pong
}

struct LookupState: Equatable, Sendable {
    var results: [String] = []
    var pongs = 0
}

let lookupReducer = Reducer<LookupAction, LookupState>.reduce { action, state in
    switch action {
    case .results(let text): state.results.append(text)
    case .pong: state.pongs += 1
    default: break
    }
}

/// Dependencies of the effect tests: a clock that the test moves.
struct LookupDependencies: Sendable {
    let clock: TestClock
}

typealias LookupEffects = EffectMiddleware<LookupAction, LookupAction, LookupState, LookupDependencies>

extension ReduxStoreBase where State: Sendable {
    /// Waits until the state satisfies `condition` (checking the current state first).
    func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async {
        for await state in states where condition(state) {
            return
        }
    }
}
