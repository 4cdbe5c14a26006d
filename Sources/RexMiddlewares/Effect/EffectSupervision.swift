import RexCore

/// What an ``EffectSupervisor`` runs, whatever the types of the part it watches and of the keys
/// and values it derives: the check after each turn, the running effects, and what the state
/// keeps. ``KeyedEffectSupervision`` is the one implementation; this class hides its types, so
/// that the middleware's type names only the action, state and dependencies, as
/// ``EffectMiddleware``'s does.
///
/// Invariant: this class's properties are constants, each safe to share (a lock, a registry
/// with its own lock, a getter written once, two atomic counts); `lock` guards the subclass's
/// state and every run's flags. No thread holds `lock` while it takes the registry's lock or the
/// store's (the state is read before `lock` is taken, and effects are started and cancelled
/// after it is let go). The store's observer (``observeCommit(_:)``) takes no lock of its own: the
/// store calls it inside its reducer, one turn at a time, and it alone writes
/// ``committedChanges`` and the subclass's committed part (checked in debug builds: two calls
/// never overlap). The class is abstract: only ``KeyedEffectSupervision`` is made. `@unchecked`
/// because a class that is not final cannot be checked as `Sendable`; ``checkInvariants()``
/// checks the subclass's state in debug builds.
@usableFromInline
class EffectSupervision<State, OutputAction>: @unchecked Sendable {  // the subclass's state is guarded by `lock`
    /// Guards the last part seen, the set of running keys and every run's flags.
    let lock = Lock(spinning: true)
    /// The effects running, as ``EffectMiddleware`` keeps them: cancelled and waited for alike.
    let registry = EffectRegistry()
    /// The store's state getter, kept from the first turn: the check after each turn reads the
    /// state through it, so that the IO of a turn captures nothing but this object (and so
    /// allocates nothing).
    @usableFromInline let getState = KeptStateGetter<State>()

    /// How many of the states the store's observer saw changed the watched part (the initial
    /// state counts as one); 0 while it has seen none (a supervisor that is lifted, or wrapped in
    /// a middleware that does not pass the observer on, is never observed). Written only by
    /// ``countCommittedChange()``.
    @usableFromInline let committedChanges = AtomicWord(0)
    /// The value of ``committedChanges`` that the last applied check read before it read the
    /// state: while the two are equal, no commit has changed the part since a check reconciled
    /// a state at least that recent, and a check has nothing to read. Written under `lock`; a
    /// check that read a lower count applies nothing.
    let reconciledChanges = AtomicWord(0)
    #if DEBUG
    /// 1 while ``observeCommit(_:)`` runs: a debug build stops if two calls overlap, which
    /// would mean two stores share the supervisor.
    let observing = AtomicWord(0)
    #endif

    /// What the store's observer does with each committed state (see `CommittedStateObserving`):
    /// asks `partChanged` whether its part differs from the last committed one (a `LastPart`
    /// the supervisor keeps for the observer), counts it in ``committedChanges`` when it does,
    /// and returns the check to run after the turn then, or a pure IO. Called by the store
    /// after each reducer, under its lock; inlinable, so that the observer's comparison runs in
    /// the app's code, for its part's type.
    @inlinable
    final func observeCommit(_ partChanged: () -> Bool) -> IO<OutputAction> {
        #if DEBUG
        beginObserving()
        defer { endObserving() }
        #endif
        guard partChanged() else { return .pure() }
        return countCommittedChange()
    }

    /// Counts a committed change of the part, and returns the check to run after the turn. Only
    /// the store's observer calls it, one turn at a time: counted with a release, for the check
    /// that reads the count and then the state.
    @usableFromInline
    final func countCommittedChange() -> IO<OutputAction> {
        committedChanges.storeReleasing(committedChanges.loadRelaxed() + 1)
        return IO(afterTurn)
    }

    #if DEBUG
    /// Stops a debug build if two calls of the observer overlap: two stores share the
    /// supervisor.
    @usableFromInline
    final func beginObserving() {
        precondition(observing.exchangeAcquiring(expected: 0, desired: 1), "EffectSupervisor: observed by two stores at once; one supervisor serves one store")
    }

    @usableFromInline
    final func endObserving() {
        observing.storeReleasing(0)
    }
    #endif

    /// Whether a store observes the supervisor's committed states (it shows the observer its
    /// initial state when it is made): the supervisor is at the top of the store, which runs its
    /// check after each turn that changed the part, so that `handle` need not ask.
    @inlinable
    final var isObserved: Bool {
        committedChanges.loadRelaxed() != 0
    }

    /// Keeps the getter of the first turn. Inlinable, as the getter's check is: a load and a
    /// branch in the app's `handle`, not a call.
    @inlinable
    final func attachIfNeeded(_ state: @escaping GetState<State>) {
        getState.keepIfNeeded(state)
    }

    /// Checks the state after a turn, and starts and cancels what it calls for.
    @usableFromInline
    func afterTurn(output: AnyActionHandler<OutputAction>) {
        preconditionFailure("EffectSupervision is abstract")
    }

    /// The keys of the effects the state keeps and that are still running, described.
    var keptEffectKeys: [String] {
        preconditionFailure("EffectSupervision is abstract")
    }

    /// Lets every effect go and cancels it: the supervisor is gone.
    func letAllGo() {
        preconditionFailure("EffectSupervision is abstract")
    }

    /// Stops a debug build if the supervision breaks its invariant: its getter, its registry
    /// and the subclass's state.
    ///
    /// - Complexity: O(*n*) for *n* running effects.
    func checkInvariants() {
        getState.checkInvariants()
        registry.checkInvariants()
    }
}
