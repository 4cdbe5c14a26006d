/// A function the store calls to read the current state.
///
/// Inside ``MiddlewareProtocol/handle(action:from:state:)`` it returns the state before the
/// reducer runs; inside the returned ``IO`` (and any time later) it returns the live, committed
/// state. Safe to call from any thread.
public typealias GetState<StateType> = @Sendable () -> StateType  // SwiftRex 0.8's parameter names (Docs/Names.md)

/// Something that observes every action before the reducer and may run side effects after it.
///
/// For each action the store calls ``handle(action:from:state:)`` on every middleware, in
/// composition order, before the reducer. `handle` must not dispatch: it decides what to do and
/// returns an ``IO``, which the store runs after the new state is committed and subscribers
/// are notified. An `IO` may dispatch at once or keep its output and dispatch later.
///
/// ```swift
/// struct Analytics: MiddlewareProtocol {
///     func handle(action: AppAction, from dispatcher: ActionSource,
///                 state: @escaping GetState<AppState>) -> IO<Never> {
///         guard case .purchase = action else { return .pure() }
///         return IO { _ in track(action, total: state().cart.total) }
///     }
/// }
/// ```
public protocol MiddlewareProtocol<InputActionType, OutputActionType, StateType>: Sendable {  // SwiftRex 0.8's parameter names (Docs/Names.md)
    /// The actions this middleware looks at.
    associatedtype InputActionType
    /// The actions this middleware may dispatch from its ``IO``; `Never` if it dispatches none.
    associatedtype OutputActionType
    /// The state this middleware can read; `Void` if it needs none.
    associatedtype StateType

    /// Looks at an action before the reducer and returns the side effects to run after it.
    ///
    /// - Parameters:
    ///   - action: The action being processed.
    ///   - dispatcher: Where the action was dispatched from.
    ///   - state: Reads the state: the state before the reducer while `handle` runs, the live
    ///     state once the returned ``IO`` runs.
    /// - Returns: The work to do after the reducer, or ``IO/pure()`` for none.
    func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType>
}
