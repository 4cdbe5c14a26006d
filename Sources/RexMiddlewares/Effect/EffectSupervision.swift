import RexCore

/// What an ``EffectSupervisor`` runs, whatever the types of the part it watches and of the keys
/// and values it derives: the check after each turn, the running effects, and what the state
/// keeps. ``KeyedEffectSupervision`` is the one implementation; this class hides its types, so
/// that the middleware's type names only the action, state and dependencies, as
/// ``EffectMiddleware``'s does.
///
/// Invariant: this class's properties are constants, each safe to share (a lock, a registry
/// with its own lock, a getter written once); `lock` guards the subclass's state and every
/// run's flags. No thread holds `lock` while it takes the registry's lock or the store's (the
/// state is read before `lock` is taken, and effects are started and cancelled after it is let
/// go); the store's observer (``noteCommitted(_:)``) takes `lock` while the store holds its own. The class is abstract: only ``KeyedEffectSupervision`` is made. `@unchecked` because a
/// class that is not final cannot be checked as `Sendable`; ``checkInvariants()`` checks the
/// subclass's state in debug builds.
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

    /// 1 when the store's observer found, at the last commit, the part the last check
    /// reconciled: for the next check to take (setting it back to 0) and skip.
    let unchangedAtCommit = AtomicWord(0)

    /// Compares the part of the state the store has just committed with the part the last check
    /// reconciled, and says in ``unchangedAtCommit`` whether they are equal; called by the store
    /// after each reducer, under its lock (see `CommittedStateObserving`).
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
