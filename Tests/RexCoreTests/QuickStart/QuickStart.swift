// The README's quick start, compiled and run by QuickStartTests; DocumentationCodeTests checks
// that the README shows this very code.
import RexCore

enum AppAction: Sendable {
    case increment
    case decrement
    case reset
}

struct AppState: Sendable, Equatable {
    var count = 0
}

let appReducer = Reducer<AppAction, AppState>.reduce { action, state in
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    case .reset: state.count = 0
    }
}

/// Sends the counter back to zero once it passes three. A middleware never changes the state:
/// it looks at the action, then dispatches from its IO, which runs after the reducer.
struct LimitMiddleware: MiddlewareProtocol {
    func handle(action: AppAction, from dispatcher: ActionSource, state: @escaping GetState<AppState>) -> IO<AppAction> {
        IO { output in
            if state().count > 3 {
                output.dispatch(.reset, info: "limit reached")
            }
        }
    }
}

/// A view's own actions and state, mapped to and from the app's by a projection.
enum CounterViewAction: Sendable {
    case tappedPlus
    case tappedMinus
}

final class AppStore: ReduxStoreBase<AppAction, AppState>, @unchecked Sendable {}

func runCounterApp(print: @escaping @Sendable (String) -> Void) {
    let store = AppStore(initialState: AppState(), reducer: appReducer, middleware: LimitMiddleware())

    let counterView = store.projection(
        action: { (viewAction: CounterViewAction) -> AppAction? in
            switch viewAction {
            case .tappedPlus: .increment
            case .tappedMinus: .decrement
            }
        },
        state: { (state: AppState) in "Count: \(state.count)" }
    )

    let subscription = counterView.subscribe { title in print(title) }
    for _ in 1...4 {
        counterView.dispatch(.tappedPlus)
    }
    counterView.dispatch(.tappedMinus)
    subscription.cancel()
}
