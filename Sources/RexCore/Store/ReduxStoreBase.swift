import Dispatch

/// The store: it owns the app's state and runs every action through the pipeline, one at a time.
///
/// Subclass it to name your app's store:
///
/// ```swift
/// final class Store: ReduxStoreBase<AppAction, AppState>, @unchecked Sendable {}
///
/// let store = Store(
///     initialState: AppState(),
///     reducer: appReducer,
///     middleware: logger <> analytics
/// )
/// store.dispatch(.counter(.increment))
/// ```
///
/// Swift asks a subclass of an `@unchecked Sendable` class to say so again: without
/// `@unchecked Sendable`, the subclass above compiles with a warning. It adds no state, and the
/// base class guards all of its own. A type alias needs neither:
/// `typealias Store = ReduxStoreBase<AppAction, AppState>`.
///
/// For every action, in one uninterrupted turn: each middleware's
/// ``MiddlewareProtocol/handle(action:from:state:)`` runs (state before the reducer), the
/// reducer mutates the state, the new state is committed, subscribers are notified (as
/// `emitsValue` allows), and the middlewares' ``IO`` closures run. Actions dispatched meanwhile,
/// from any thread or from inside the turn, wait in a first-in, first-out queue: turns never
/// nest. See <doc:PipelineSemantics>.
open class ReduxStoreBase<Action: Sendable, State: Sendable>: StoreType, @unchecked Sendable {
    // @unchecked: every stored property is an immutable `let` of a Sendable type, or `core`,
    // whose mutable fields are guarded by its own locks. (An open class cannot be checked.)

    @usableFromInline
    let core: StoreCore<Action, State>
    @usableFromInline
    let reducer: Reducer<Action, State>
    /// The middleware's `handle`; `nil` when the middleware is an identity, so that the turn
    /// skips the middleware step. Unretained, so that calling it costs no retain and release of
    /// the box.
    ///
    /// Invariant (checked in debug builds by `init`): `middleware` is `middlewareOwner`,
    /// unretained, or both are `nil`; both are `let`s, so the owner keeps the box alive as long
    /// as the store can call it.
    @usableFromInline
    let middleware: Unmanaged<MiddlewareHandlerBox<Action, Action, State>>?
    /// Owns the box `middleware` points to.
    @usableFromInline
    let middlewareOwner: MiddlewareHandlerBox<Action, Action, State>?
    /// What the committed-state observer asked to run after the current turn; `nil` when the
    /// middleware hands the store no observer (see `CommittedStateObserving`).
    @usableFromInline
    let followUp: TurnFollowUp<Action>?
    @usableFromInline
    let emitsValue: ShouldEmitValue<State>
    @usableFromInline
    let getState: GetState<State>
    /// The queue the turns run on, with the key that tells whether we are on it; `nil` to run
    /// turns on the dispatching thread.
    @usableFromInline
    let queue: MarkedQueue?
    /// What IO closures dispatch to: made once, so that running an IO allocates nothing for it.
    /// It holds the store weakly: a kept output does not keep the store alive, and dispatching
    /// to it once the store is gone does nothing.
    @usableFromInline
    let output: AnyActionHandler<Action>

    // Inlinable, so that the closures made here (`getState`, and `output`, through which every
    // IO dispatches) are compiled for the app's types: compiled in this module, they ran the
    // turn through unspecialized generic code, looking up metadata at run time.
    @inlinable
    init(
        initialState: State,
        reducer: Reducer<Action, State>,
        erasedMiddleware: AnyMiddleware<Action, Action, State>,
        emitsValue: ShouldEmitValue<State>,
        queue: DispatchQueue?
    ) {
        let core = StoreCore<Action, State>(state: initialState)
        self.core = core
        // A middleware that reads each committed state in place (see `CommittedStateObserving`)
        // is called after the reducer, inside it, and what it returns is kept for the turn's
        // end: a store without one pays nothing for it.
        if let observer = erasedMiddleware.observer {
            let followUp = TurnFollowUp<Action>()
            // Shown the initial state first, so that the observer knows from the first turn on
            // that the store calls it; what it asks for then runs at the end of the first turn.
            var initial = initialState
            followUp.add(observer(&initial))
            self.followUp = followUp
            self.reducer = Reducer.reduce { action, state in
                reducer.reduce(action, &state)
                followUp.add(observer(&state))
            }
        } else {
            self.followUp = nil
            self.reducer = reducer
        }
        self.middlewareOwner = erasedMiddleware.isIdentity ? nil : .init(erasedMiddleware.handler)
        self.middleware = middlewareOwner.map(Unmanaged.passUnretained)
        assert(middleware?.toOpaque() == middlewareOwner.map { Unmanaged.passUnretained($0).toOpaque() })
        // A turn that only reduces (`reduceAtOnce`, for a store without middleware) takes no
        // follow-up: only a middleware hands the store an observer.
        assert(followUp == nil || middleware != nil, "ReduxStoreBase: an observer of committed states without middleware")
        self.emitsValue = emitsValue
        self.getState = { core.state }
        self.queue = queue.map(MarkedQueue.init)
        let reference = WeakReference<ReduxStoreBase>()
        self.output = AnyActionHandler { reference.value?.dispatch($0) }
        reference.set(self)
    }

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - reducer: The reducer that applies actions to the state.
    ///   - middleware: The middleware that sees every action and runs side effects.
    ///   - emitsValue: When subscribers are notified; it never discards a mutation.
    ///   - queue: The queue turns run on, for example `.main` for a UI app. With `nil`, the
    ///     default, a dispatch that finds the store idle runs the turn on the calling thread (and
    ///     goes on with what others queued meanwhile); a dispatch that finds it busy only queues.
    @inlinable
    public convenience init<Middleware: MiddlewareProtocol>(
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: Middleware,
        emitsValue: ShouldEmitValue<State> = .always,
        queue: DispatchQueue? = nil
    ) where Middleware.InputActionType == Action, Middleware.OutputActionType == Action, Middleware.StateType == State {
        self.init(
            initialState: initialState,
            reducer: reducer,
            erasedMiddleware: AnyMiddleware(middleware),
            emitsValue: emitsValue,
            queue: queue
        )
    }

    /// Creates a store without middleware.
    @inlinable
    public convenience init(
        initialState: State,
        reducer: Reducer<Action, State>,
        emitsValue: ShouldEmitValue<State> = .always,
        queue: DispatchQueue? = nil
    ) {
        self.init(
            initialState: initialState,
            reducer: reducer,
            middleware: IdentityMiddleware<Action, Action, State>(),
            emitsValue: emitsValue,
            queue: queue
        )
    }

    deinit {
        // Subscriptions end with the store, so that a loop over `states` ends, even while an
        // effect still holds a state getter (which holds the core, not the store).
        core.removeAllSubscribers()
    }

    /// The current committed state; safe to read from any thread.
    @inlinable
    public var state: State {
        core.state
    }

    /// Calls `onState` with the current state, then with every notified state, until the token
    /// is cancelled or released, or the store goes (the callback is released with it).
    ///
    /// Each state is handed over to `onState`, which may keep it without a copy by moving it
    /// (`history.append(consume state)`); see ``StateProvider/subscribe(_:)``.
    // Inlinable, so that the selection's offer and delivery are compiled for the app's `State`
    // (compiled for any state, each copy of a large state went through its value witnesses:
    // about 700 instructions a turn of W15).
    @inlinable
    public final func subscribe(_ onState: @escaping @Sendable (consuming State) -> Void) -> SubscriptionToken {
        core.subscribe(selection: .callback(onState))
    }
}

extension ReduxStoreBase: SelectionSource {
    @usableFromInline
    func subscribe(selection: Selection<State>) -> SubscriptionToken {
        core.subscribe(selection: selection)
    }
}
