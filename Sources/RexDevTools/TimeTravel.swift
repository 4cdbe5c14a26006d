import Foundation
import RexCore

/// Moves a running store through what its ``Recorder`` kept: to any step, back and forward, and
/// back to live.
///
/// Wrap the store's reducer and middleware in the traveller's (outermost):
///
/// ```swift
/// let recorder = Recorder(reducer: appReducer)
/// let travel = TimeTravel(recorder: recorder)
/// let store = ReduxStoreBase(
///     initialState: AppState(),
///     reducer: travel.reducer(appReducer),
///     middleware: travel.middleware(recorder.middleware <> appMiddleware)
/// )
/// travel.jump(to: 3, in: store)      // the store's state is step 3's
/// travel.returnToLive(in: store)
/// ```
///
/// While travelling:
/// - the store's state is the recorded one, and its subscribers and projections see it;
/// - no middleware runs (they are held), so no effect runs again, and nothing is recorded; a
///   middleware that reads the state later (a debounced save, an effect under way) reads the
///   live state, the one the travel will return to, so that a persistence middleware never
///   saves a past state, even if the app quits while travelling;
/// - actions dispatched to the store are dropped: not reduced, not seen by middlewares. Applied to
///   a past state they would make a history that never was. ``droppedWhileTravelling`` counts them.
///
/// ``returnToLive(in:)`` gives the store back the state it had when the travel began, and the
/// middlewares run again from the next action.
///
/// Each move is a turn of the store: the traveller dispatches the action of a recorded step as
/// its carrier, and the wrapped reducer puts the recorded state in place of reducing it.
//
// Invariant: `lock` guards every `var`, and every change of `travellingWord`, which holds 1
// exactly while `travelling` (from a jump's start until the turn that returns to live). A move's
// state is pending only while travelling. So a turn that reads 0 there (acquiring; the move
// that set it dispatches its carrier after, so that the carrier's turn reads 1) has nothing to
// apply and reduces as usual, without the lock. Nothing but the traveller's own fields is
// touched under `lock`: the recorder (whose lock a turn holds while it reads the state, through
// a held middleware's getter, which takes this one) is read before it is taken.
public final class TimeTravel<Action: Sendable, State: Sendable>: @unchecked Sendable {  // every `var` is guarded by `lock`, and `travellingWord` is atomic
    /// The steps travelled through.
    public let recorder: Recorder<Action, State>
    private let lock = Lock()
    /// The state to put in place at the next turn, and whether that turn ends the travel.
    private var pending: (state: State, endsTravel: Bool)?
    /// 1 while travelling, read by each turn without the lock.
    @usableFromInline let travellingWord = AtomicWord(0)
    private var travelling: Bool {
        get { travellingWord.loadRelaxed() != 0 }
        set { travellingWord.storeReleasing(newValue ? 1 : 0) }
    }
    /// The position in the recorder's steps, while travelling.
    private var current: Int?
    /// The store's state when the travel began.
    private var liveState: State?
    private var dropped = 0

    /// A traveller through what `recorder` keeps.
    public init(recorder: Recorder<Action, State>) {
        self.recorder = recorder
    }

    /// Whether the store is away from live.
    @inlinable
    public var isTravelling: Bool {
        travellingWord.loadAcquiring() != 0
    }

    /// The position in ``Recorder/steps`` the store shows, while travelling; `nil` when live.
    public var position: Int? {
        lock.withLock { travelling ? current : nil }
    }

    /// How many actions were dropped because they came while travelling.
    public var droppedWhileTravelling: Int {
        lock.withLock { dropped }
    }

    /// The app's reducer, wrapped: while travelling, it puts the recorded state in place, and
    /// drops the app's actions.
    // Inlinable, so that the wrapper is compiled for the app's types: compiled here, each turn
    // went through the app's reducer by the unspecialized `Reducer.reduce` (W2l: about 90
    // instructions a turn).
    @inlinable
    public func reducer(_ reducer: Reducer<Action, State>) -> Reducer<Action, State> {
        Reducer.reduce { [self] action, state in
            // Live, with no move pending: the app's reducer, without the lock.
            guard isTravelling else {
                reducer.reduce(action, &state)
                return
            }
            reduceWhileTravelling(action, &state, with: reducer)
        }
    }

    /// What the wrapped reducer does while travelling: puts the pending move's state in place,
    /// or drops the action. Apart from the live path, so that a live turn does not make the
    /// metadata of `Turn` (a generic type, looked up at run time in this unspecialized code).
    @usableFromInline @inline(never)
    func reduceWhileTravelling(_ action: Action, _ state: inout State, with reducer: Reducer<Action, State>) {
        switch takePending() {
        case .apply(let recorded):
            state = recorded
        case .drop:
            return
        case .reduce:
            reducer.reduce(action, &state)
        }
    }

    /// The app's middleware, wrapped: held while travelling, and reading the live state then
    /// (see ``TimeTravelMiddleware``). Compose it into one store, outermost, as the traveller
    /// travels one store: the wrapper keeps the state getter of its first turn, which every copy
    /// of it shares.
    public func middleware<Middleware: MiddlewareProtocol>(_ middleware: Middleware) -> TimeTravelMiddleware<Middleware>
    where Middleware.InputActionType == Action, Middleware.OutputActionType == Action, Middleware.StateType == State {
        TimeTravelMiddleware(inner: middleware, traveller: self)
    }

    /// The state a held middleware reads: the live one, while travelling; `nil` when live.
    var heldState: State? {
        // Live (most turns): no lock.
        guard isTravelling else { return nil }
        return lock.withLock { travelling ? liveState : nil }
    }

    /// Shows the state after recorded step `position` (a position in ``Recorder/steps``, 0 for
    /// the oldest kept); the first move starts the travel. Does nothing for a position outside
    /// the steps.
    ///
    /// - Parameters:
    ///   - position: The step to show, as a position in ``Recorder/steps``.
    ///   - store: The store whose reducer and middleware this traveller wraps; its state when the
    ///     travel begins is what ``returnToLive(in:)`` gives back.
    public func jump(to position: Int, in store: some StoreType<Action, State>) {
        let steps = recorder.steps
        guard steps.indices.contains(position) else { return }
        let live = store.state
        let carrier: Action = lock.withLock {
            if !travelling {
                travelling = true
                liveState = live
            }
            current = position
            pending = (steps[position].state, false)
            return steps[position].action
        }
        store.dispatch(carrier, info: "time travel to step \(steps[position].index)")
    }

    /// Moves one step back; from live, to the step before the last.
    public func stepBack(in store: some StoreType<Action, State>) {
        let count = recorder.steps.count
        jump(to: (position ?? count - 1) - 1, in: store)
    }

    /// Moves one step forward; after the last step, returns to live.
    public func stepForward(in store: some StoreType<Action, State>) {
        guard let position else { return }
        if position + 1 < recorder.steps.count {
            jump(to: position + 1, in: store)
        } else {
            returnToLive(in: store)
        }
    }

    /// Gives the store back the state it had when the travel began; middlewares run again from
    /// the next action. Does nothing when live.
    public func returnToLive(in store: some StoreType<Action, State>) {
        // Read before the lock, as `jump` does: the recorder takes its own lock, and a turn that
        // ends holding it may read the state through a held middleware's getter, which takes
        // this one (the other order would let the two wait on each other).
        let last = recorder.steps.last
        let carrier: Action? = lock.withLock {
            guard travelling, let liveState, let last else { return nil }
            pending = (liveState, true)
            return last.action
        }
        if let carrier {
            store.dispatch(carrier, info: "time travel: back to live")
        }
    }

    /// What the wrapped reducer does with this turn's action.
    private enum Turn {
        case apply(State)
        case drop
        case reduce
    }

    private func takePending() -> Turn {
        lock.withLock {
            assert(pending == nil || travelling, "TimeTravel: a move pending while live")
            if let (state, endsTravel) = pending {
                pending = nil
                if endsTravel {
                    travelling = false
                    current = nil
                    liveState = nil
                }
                return .apply(state)
            }
            if travelling {
                dropped += 1
                return .drop
            }
            return .reduce
        }
    }
}
