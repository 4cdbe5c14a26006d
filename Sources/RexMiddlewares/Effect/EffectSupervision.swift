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
/// after it is let go). The store's observer (``noteCommitted(_:)``) takes no lock of its own: the
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
    let getState = KeptStateGetter<State>()

    /// How many of the commits the store's observer saw changed the watched part; 0 while it
    /// has seen none (a supervisor that is lifted, or wrapped in a middleware that does not pass
    /// the observer on, is never observed). Written only by ``noteCommitted(_:)``.
    let committedChanges = AtomicWord(0)
    /// The value of ``committedChanges`` that the last applied check read before it read the
    /// state: while the two are equal, no commit has changed the part since a check reconciled
    /// a state at least that recent, and a check has nothing to read. Written under `lock`.
    let reconciledChanges = AtomicWord(0)
    #if DEBUG
    /// 1 while ``noteCommitted(_:)`` runs: a debug build stops if two calls overlap, which
    /// would mean two stores share the supervisor.
    let observing = AtomicWord(0)
    #endif

    /// Compares the part of the state the store has just committed with the part of the commit
    /// before, and counts it in ``committedChanges`` when it differs; called by the store after
    /// each reducer, under its lock (see `CommittedStateObserving`).
    @usableFromInline
    func noteCommitted(_ state: inout State) {
        preconditionFailure("EffectSupervision is abstract")
    }

    /// Keeps the getter of the first turn.
    @usableFromInline
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
