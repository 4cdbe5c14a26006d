// The README's worked example, compiled and run by SearchAppTests; DocumentationCodeTests checks
// that the README shows this very code.
import RexCore
import RexMiddlewares

/// What the app needs from the outside world: injected at the entry point, replaced in tests.
struct World: Sendable {
    let search: @Sendable (String) async -> [String]
    let track: @Sendable (String) -> Void
    let clock: any Clock<Duration>
}

enum SearchAction: Sendable, Equatable {
    case typed(String)
    case found([String])
}

struct SearchState: Sendable, Equatable {
    var query = ""
    var results: [String] = []
}

enum AppAction: Sendable, Equatable {
    case search(SearchAction)
    case analytics(GateAction)

    var search: SearchAction? {
        if case .search(let action) = self { return action }
        return nil
    }

    var analytics: GateAction? {
        if case .analytics(let action) = self { return action }
        return nil
    }
}

struct AppState: Sendable, Equatable {
    var search = SearchState()
}

let searchReducer = Reducer<SearchAction, SearchState>.reduce { action, state in
    switch action {
    case .typed(let query): state.query = query
    case .found(let results): state.results = results
    }
}

/// Searches 300 ms after the last keystroke; a newer keystroke cancels the pending search.
let searchEffects = EffectMiddleware<SearchAction, SearchAction, SearchState, World>.onAction { action, _, _ in
    guard case .typed(let query) = action else { return .doNothing }
    return Effect.promise { world in .found(await world.search(query)) }
        .debounce("search", for: .milliseconds(300), clock: { $0.clock })
}

/// Tracks every action; it dispatches nothing.
struct Analytics: MiddlewareProtocol {
    let track: @Sendable (String) -> Void

    func handle(action: AppAction, from dispatcher: ActionSource, state: @escaping GetState<AppState>) -> IO<AppAction> {
        IO { _ in track("\(action)") }
    }
}

/// The app's reducer: the search feature's, lifted to the app's types.
let appReducer = searchReducer.lift(action: \AppAction.search, state: \AppState.search)

/// The app's middleware: every feature lifted to the app's types, composed, and given the world.
func makeAppMiddleware(world: World, log: LogDestination) -> some MiddlewareProtocol<AppAction, AppAction, AppState> {
    let effects = searchEffects
        .lift(inputAction: \AppAction.search, outputAction: AppAction.search, state: \AppState.search)
        .inject(world)
    let analytics = Analytics(track: world.track)
        .gated(by: { $0.analytics }, initially: .on)
    return (effects <> analytics)
        .logger(actionFormat: .name, destination: log)
}

/// The app's entry point: its store.
func makeAppStore(world: World, log: LogDestination) -> ReduxStoreBase<AppAction, AppState> {
    ReduxStoreBase(initialState: AppState(), reducer: appReducer, middleware: makeAppMiddleware(world: world, log: log))
}
