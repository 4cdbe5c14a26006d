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
/// are not invalidated for nothing; a ``ShouldEmitValue`` given to
/// ``init(_:emitsValue:)`` decides instead. The view model ends its subscription when released.
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
    /// Decides which states received are shown; `nil` shows each change (each state, when
    /// `ViewState` is not `Equatable`).
    @ObservationIgnored
    private let emitsValue: ShouldEmitValue<ViewState>?
    /// The last state received, shown or not, which `emitsValue` compares the next one with (as
    /// SwiftRex 0.8 compared each state with the one before); kept only with `emitsValue`.
    @ObservationIgnored
    private var lastReceived: ViewState?

    /// Creates a view model that follows a store or a projection.
    public convenience init<Store: StoreType>(_ store: Store) where Store.ActionType == ViewAction, Store.StateType == ViewState {
        self.init(store, deciding: nil)
    }

    /// Creates a view model that follows a store or a projection, and shows a state it receives
    /// only when `emitsValue`, given the state received before it and this one, says so.
    ///
    /// ```swift
    /// let viewModel = ObservableViewModel(store, emitsValue: .when { old, new in old.items != new.items })
    /// ```
    ///
    /// The view model starts from the store's current state, whatever `emitsValue` says.
    public convenience init<Store: StoreType>(_ store: Store, emitsValue: ShouldEmitValue<ViewState>)
    where Store.ActionType == ViewAction, Store.StateType == ViewState {
        self.init(store, deciding: emitsValue)
    }

    private init<Store: StoreType>(_ store: Store, deciding emitsValue: ShouldEmitValue<ViewState>?)
    where Store.ActionType == ViewAction, Store.StateType == ViewState {
        self.emitsValue = emitsValue
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
        if let emitsValue {
            let previous = lastReceived ?? state
            lastReceived = newState
            if emitsValue.shouldEmit(previous: previous, new: newState) {
                state = newState
            }
            return
        }
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
    /// showing a state it receives only when `emitsValue` says so (see
    /// ``ObservableViewModel/init(_:emitsValue:)``).
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    public func asObservableViewModel(emitsValue: ShouldEmitValue<StateType>) -> ObservableViewModel<ActionType, StateType> {
        ObservableViewModel(self, emitsValue: emitsValue)
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

    /// Returns an `@Observable` view model that follows this store's state on the main actor,
    /// showing a state it receives only when `emitsValue` says so, as SwiftRex 0.8 spells it.
    ///
    /// As with ``asObservableViewModel(initialState:)``, `initialState` is not used: the view
    /// model starts from the store's current state.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @available(*, deprecated, message: "The view model starts from the store's current state; call asObservableViewModel(emitsValue:)")
    @MainActor
    public func asObservableViewModel(
        initialState: StateType,
        emitsValue: ShouldEmitValue<StateType>
    ) -> ObservableViewModel<ActionType, StateType> {
        asObservableViewModel(emitsValue: emitsValue)
    }
}
