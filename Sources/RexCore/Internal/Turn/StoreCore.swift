#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The store's mutable parts, and the two locks that guard them.
///
/// The fields live behind a pointer the core allocates once: a reducer then mutates
/// `fields.pointee.state` in place, with no dynamic exclusivity check and no second reference to
/// the state that would make copy-on-write copy it. `GetState` closures hold the core, not the
/// store, so middlewares can read the state without keeping the store (and themselves) alive.
///
/// Invariant: `fields` and `pendingDeliveries` each point to one value, allocated and initialized
/// by `init` and deinitialized and freed by `deinit`, exactly once; in between, `fields` is read
/// and written only through a ``HeldLock`` (`lock` held: `lockFields()` is the only way to one),
/// and `pendingDeliveries` only with `deliveryLock` held (see the invariant of the subscriber
/// tables, `StoreCore+Subscribe.swift`). Tests: `HeldLockTests`, `StoreCoreSubscribeTests`.
@usableFromInline
final class StoreCore<Action, State>: @unchecked Sendable {  // `fields` is guarded by `lock`, `pendingDeliveries` by `deliveryLock`; `turnFlag` is atomic
    @usableFromInline
    struct Fields {
        @usableFromInline var state: State
        /// Who runs turns, and what waits for one.
        @usableFromInline var turn = TurnMachine<Action, State>()
        /// The subscribers offered each state one by one.
        @usableFromInline var subscribers: ContiguousArray<Subscriber<State>> = []
        /// The de-duplicating subscribers, offered each state group by group.
        @usableFromInline var groups: ContiguousArray<SelectionGroup<State>> = []
        @usableFromInline var groupedCount = 0
        @usableFromInline var nextSubscriberID: UInt64 = 0
        #if DEBUG
        /// The thread calling middlewares' `handle`, and the action it handles: to catch a
        /// dispatch made inside `handle`.
        @usableFromInline var handlingThread: pthread_t?
        @usableFromInline var handlingAction: DispatchedAction<Action>?
        #endif

        @usableFromInline
        init(state: State) {
            self.state = state
        }
    }


    /// Guards `fields`; held only for short, non-reentrant sections. The user code that runs
    /// under it: reducers, `ShouldEmitValue.when`, and subscriptions' selections (a projection's
    /// state mapping and its `==`). None of them may use the store; a debug build stops if one
    /// does, where the thread would otherwise wait for itself forever.
    @usableFromInline
    let lock = Lock(reentryMessage: """
        Rex: the store was used (its state read, an action dispatched, a subscription made) from \
        code that runs while the store holds its state lock: a reducer, ShouldEmitValue.when, or \
        a projection's state mapping or its ==. These must be pure functions of the values they \
        are given; they would wait for the lock forever.
        """)
    /// Serializes every delivery of states to subscribers (after a turn, or the replay of a new
    /// subscription), so that each subscriber sees states in the order they were committed; it
    /// guards `pendingDeliveries` and what selections keep between calls. Taken before `lock`,
    /// never after. Recursive, because a subscriber may subscribe or cancel from its callback.
    @usableFromInline
    let deliveryLock = Lock(recursive: true)
    /// What `lock` guards. Read it only through a ``HeldLock`` (`lockFields()`), whose
    /// `fields` is this pointer: every use in the library does, so that each one is seen to hold
    /// the lock. (`@usableFromInline`, for `lockFields()`, so access control cannot say so.)
    @usableFromInline
    let fields: UnsafeMutablePointer<Fields>
    /// The subscribers that have something to deliver after this turn; guarded by `deliveryLock`.
    /// Kept between turns so that its buffer is reused.
    @usableFromInline
    let pendingDeliveries: UnsafeMutablePointer<ContiguousArray<Subscriber<State>>>

    @usableFromInline
    init(state: State) {
        fields = .allocate(capacity: 1)
        fields.initialize(to: Fields(state: state))
        pendingDeliveries = .allocate(capacity: 1)
        pendingDeliveries.initialize(to: [])
    }

    deinit {
        fields.deinitialize(count: 1)
        fields.deallocate()
        pendingDeliveries.deinitialize(count: 1)
        pendingDeliveries.deallocate()
    }

    /// Takes the state lock: the one place a turn takes it. The token it returns is given back
    /// with `unlock()`; see ``HeldLock``.
    @inlinable
    func lockFields() -> HeldLock<Action, State> {
        lock.lock()
        return HeldLock(heldMutex: lock.mutex, fields: fields)
    }

    /// Whether a thread has the store's turn, and whether an action waits behind it (see
    /// `TurnFlag`, `TurnMachine`): claimed without the lock by a store with middleware, cleared
    /// without it by a turn that let the lock go and found nothing noted; otherwise changed
    /// under the lock.
    @usableFromInline
    let turnFlag = TurnFlag()

    /// The committed state.
    @inlinable
    var state: State {
        let held = lockFields()
        let state = held.fields.pointee.state
        held.unlock()
        return state
    }
}
