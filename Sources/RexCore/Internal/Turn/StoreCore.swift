#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The store's mutable parts, and the two locks that guard them.
///
/// The state and the other fields live behind pointers the core allocates once: a reducer then
/// mutates `stateStorage.pointee` in place, with no dynamic exclusivity check and no second
/// reference to the state that would make copy-on-write copy it. The state is bound apart from
/// the other fields, so that a turn's deliveries can read it while other threads change those
/// fields under the lock (see below). `GetState` closures hold the core, not the
/// store, so middlewares can read the state without keeping the store (and themselves) alive.
///
/// Invariant: `fields` and `pendingDeliveries` each point to one allocation, made and initialized
/// by `init` and deinitialized and freed by `deinit`, exactly once; `fields`'s holds the fields
/// and, `stateOffset` bytes from its start, the state (`stateStorage`), each bound to its type
/// apart (two variables, so that the thread sanitizer tells an access to one from an access to
/// the other; debug builds check the state's address as `init` binds it); in between,
/// `stateStorage` and `fields` are read and written only through a ``HeldLock`` (`lock` held:
/// `lockFields()` is the only way to one), but for one read: a turn's deliveries read the state
/// without the lock, on the thread that has the store's turn, the only one that writes the state
/// (`deliverPending`, which asserts the turn is taken). `pendingDeliveries` is read and written
/// only with `deliveryLock` held (see the invariant of the subscriber tables, `StoreCore+Subscribe.swift`). Tests:
/// `HeldLockTests`, `StoreCoreSubscribeTests`, and the subscription tests under load
/// (`ReduxStoreBaseSubscribeTests`, under the thread sanitizer in CI).
@usableFromInline
final class StoreCore<Action, State>: @unchecked Sendable {  // `stateStorage` and `fields` are guarded by `lock`, `pendingDeliveries` by `deliveryLock`; `turnFlag` is atomic
    @usableFromInline
    struct Fields {
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
        init() {}
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
    /// The committed state, guarded by `lock`, in the allocation of `fields`, after them. Read
    /// it only through a ``HeldLock`` (`lockFields()`), whose `state` is this pointer, but in a
    /// turn's deliveries (see the invariant above).
    @inlinable
    var stateStorage: UnsafeMutablePointer<State> {
        Self.state(after: fields)
    }

    /// The state that follows `fields` in their allocation: at the first offset past them that
    /// suits a `State`.
    @inlinable
    static func state(after fields: UnsafeMutablePointer<Fields>) -> UnsafeMutablePointer<State> {
        UnsafeMutableRawPointer(fields).advanced(by: stateOffset).assumingMemoryBound(to: State.self)
    }

    /// Where the state starts in the allocation of `fields`.
    @inlinable
    static var stateOffset: Int {
        let alignment = MemoryLayout<State>.alignment
        return (MemoryLayout<Fields>.size + alignment - 1) / alignment * alignment
    }
    /// What else `lock` guards. Read it only through a ``HeldLock`` (`lockFields()`), whose
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
        // One allocation, two values bound apart: the fields, then the state.
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: Self.stateOffset + MemoryLayout<State>.size,
            alignment: max(MemoryLayout<Fields>.alignment, MemoryLayout<State>.alignment)
        )
        fields = memory.bindMemory(to: Fields.self, capacity: 1)
        fields.initialize(to: Fields())
        let stateStorage = (memory + Self.stateOffset).bindMemory(to: State.self, capacity: 1)
        stateStorage.initialize(to: state)
        assert(Self.state(after: fields) == stateStorage, "StoreCore: the state is not where it was bound")
        pendingDeliveries = .allocate(capacity: 1)
        pendingDeliveries.initialize(to: [])
    }

    deinit {
        stateStorage.deinitialize(count: 1)
        fields.deinitialize(count: 1)
        UnsafeMutableRawPointer(fields).deallocate()
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
        let state = held.state.pointee
        held.unlock()
        return state
    }
}
