/// The two mappings between an app's store and one view, kept in a value of their own: the
/// app's state to the view's state, the view's actions to the app's.
///
/// A connector is a plain value, so a view's formatting and its actions are tested without a
/// store or a view. `connect(using:)` makes the view's projection from it:
///
/// ```swift
/// struct CounterConnector: Connector {
///     func connect(state: AppState) -> String {
///         "Count: \(state.count)"
///     }
///
///     func connect(action: CounterViewAction) -> AppAction {
///         switch action {
///         case .tappedPlus: .increment
///         }
///     }
/// }
///
/// let counterView = store.connect(using: CounterConnector())
/// ```
public protocol Connector: Sendable {
    /// The store's action.
    associatedtype Action
    /// The store's state.
    associatedtype State
    /// The action the view sends.
    associatedtype ViewAction
    /// The state the view shows.
    associatedtype ViewState: Sendable

    /// Returns what the view shows for the store's state; a pure function.
    func connect(state: State) -> ViewState

    /// Returns the store's action for an action the view sends.
    func connect(action: ViewAction) -> Action
}
