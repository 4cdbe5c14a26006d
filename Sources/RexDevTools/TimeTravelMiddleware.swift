import RexCore

/// A middleware held while a ``TimeTravel`` travels: it does not see the actions, so that no
/// effect runs again and nothing is recorded.
///
/// While travelling, the state getter the middleware was given (in this turn or an earlier one)
/// reads the live state, the one the travel returns to, not the past state the store shows: what
/// the middleware has pending (a debounced save, an effect under way) goes on in the live world,
/// and a persistence middleware never writes a past state over the live one.
public struct TimeTravelMiddleware<Inner: MiddlewareProtocol>: MiddlewareProtocol
where Inner.InputActionType == Inner.OutputActionType, Inner.InputActionType: Sendable, Inner.StateType: Sendable {
    /// The app's middleware.
    public let inner: Inner
    /// The traveller, asked in every turn whether it is away from live: read where it lies (a
    /// closure asking it cost W2l about 10 instructions a turn).
    @usableFromInline let traveller: TimeTravel<Inner.InputActionType, Inner.StateType>
    /// The store's state getter, kept from the first turn: one traveller wraps one store.
    @usableFromInline let storeState: KeptStateGetter<Inner.StateType>
    /// The getter `inner` is given: the live state while the traveller is away, the store's
    /// otherwise. Made once, with the middleware, so that a turn allocates none; it reads
    /// `storeState`, which the turn that gives it to `inner` has kept.
    @usableFromInline let liveState: GetState<Inner.StateType>

    /// The app's middleware `inner`, held while `traveller` travels, and reading the state the
    /// travel returns to then.
    init(inner: Inner, traveller: TimeTravel<Inner.InputActionType, Inner.StateType>) {
        let storeState = KeptStateGetter<Inner.StateType>()
        self.inner = inner
        self.traveller = traveller
        self.storeState = storeState
        liveState = {
            // Kept: `handle` keeps it before it gives this getter to `inner`.
            traveller.heldState ?? storeState.getter!()
        }
    }

    /// Passes the action to the app's middleware, unless the store is travelling, with a state
    /// getter that reads the live state while travelling.
    // Inlinable so that the app's middleware, `Inner`, runs specialized: without it, every
    // middleware of the app is called through its witness tables (W2 with a traveller: 21,600
    // instructions per action, most in the runtime's generic metadata lookups).
    @inlinable
    public func handle(
        action: Inner.InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<Inner.StateType>
    ) -> IO<Inner.OutputActionType> {
        guard !traveller.isTravelling else { return .pure() }
        storeState.keepIfNeeded(state)
        return inner.handle(action: action, from: dispatcher, state: liveState)
    }
}
