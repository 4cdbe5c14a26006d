import RexCore
import RexMiddlewares
import RexTestSupport

/// A search screen: queries go out as effects, results come back as actions.
enum SearchAction: Equatable, Sendable {
    case search(String)
    case results(String)
    case cancelSearch
    case many(Int)
    case ping
    case pong
}

struct SearchState: Equatable, Sendable {
    var results: [String] = []
    var pongs = 0
}

let searchReducer = Reducer<SearchAction, SearchState>.reduce { action, state in
    switch action {
    case .results(let text): state.results.append(text)
    case .pong: state.pongs += 1
    default: break
    }
}

/// Dependencies of the effect tests: a clock that the test moves.
struct SearchDependencies: Sendable {
    let clock: ManualClock
}

typealias SearchEffects = EffectMiddleware<SearchAction, SearchAction, SearchState, SearchDependencies>

extension ReduxStoreBase where State: Sendable {
    /// Waits until the state satisfies `condition` (checking the current state first).
    func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async {
        for await state in states where condition(state) {
            return
        }
    }
}
