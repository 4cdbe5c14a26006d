import Observation

/// An `@Observable` view of a store for SwiftUI and other observers: its ``state`` changes on
/// the main actor whenever the store's (or projection's) state is notified.
///
/// ```swift
/// @MainActor
/// let viewModel = store.projection(action: CounterView.action, state: CounterView.state)
///     .asObservableViewModel()
/// viewModel.dispatch(.tappedPlus)
/// ```
///
/// When `ViewState` is `Equatable`, ``state`` is assigned only when it changes, so observers
/// are not invalidated for nothing. The view model ends its subscription when released.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class ObservableViewModel<ViewAction, ViewState: Sendable> {
    /// The latest notified state.
    public private(set) var state: ViewState

    @ObservationIgnored
    private let dispatchAction: @Sendable (DispatchedAction<ViewAction>) -> Void
    @ObservationIgnored
    private var subscription: SubscriptionToken?
    /// The number of the last delivery applied to ``state``: a delivery that hopped to the main
    /// queue may arrive after a newer one applied at once on the main thread, and is then dropped.
    @ObservationIgnored
    private var lastApplied: UInt64 = 0

    /// Creates a view model that follows a store or a projection.
    public init<Store: StoreType>(_ store: Store) where Store.ActionType == ViewAction, Store.StateType == ViewState {
        state = store.state
        dispatchAction = { store.dispatch($0) }
        let deliveries = DeliveryCounter()
        subscription = store.subscribe { [weak self] newState in
            let number = deliveries.next()
            MarkedQueue.main.runOrEnqueue {
                MainActor.assumeIsolated {
                    self?.receive(newState, number: number)
                }
            }
        }
    }

    /// Dispatches a view action to the store, recording the caller as its source.
    public func dispatch(
        _ action: ViewAction,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) {
        dispatchAction(DispatchedAction(action, dispatcher: ActionSource(file: file, function: function, line: line, info: info)))
    }

    private func receive(_ newState: ViewState, number: UInt64) {
        guard number > lastApplied else { return }
        lastApplied = number
        if let oldState = state as? any Equatable, Self.isEqual(oldState, newState) { return }
        state = newState
    }

    private static func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
        lhs == rhs as? Value
    }
}

extension StoreType {
    /// Returns an `@Observable` view model that follows this store's state on the main actor.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    public func asObservableViewModel() -> ObservableViewModel<ActionType, StateType> {
        ObservableViewModel(self)
    }
}

extension StoreType {
    /// Returns an `@Observable` view model that follows this store's state on the main actor,
    /// as SwiftRex 0.8 spells it.
    ///
    /// Rex's view model reads the store's current state when it is made, so no initial state is
    /// needed, and `initialState` is not used: the view model never shows a state the store
    /// does not have.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @available(*, deprecated, message: "The view model starts from the store's current state; call asObservableViewModel()")
    @MainActor
    public func asObservableViewModel(initialState: StateType) -> ObservableViewModel<ActionType, StateType> {
        asObservableViewModel()
    }
}
