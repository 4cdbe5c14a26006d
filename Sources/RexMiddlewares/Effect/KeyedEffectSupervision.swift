import RexCore

/// The check an ``EffectSupervisor`` makes after each turn: reads the part of the state it
/// watches, and only when the part differs from the one of the last check, derives the keyed set
/// of effects the state calls for and reconciles the running effects with it.
///
/// Lifted, a turn that leaves the part as it was costs reading the state, a lock and one
/// comparison of the part, whatever the number of effects running; at the top of the store, the
/// store's observer makes the comparison, and a check runs only after a change.
///
/// Invariant: `lock` (the base class's) guards `lastLifetime`, `set`, `last.value` and every
/// run's flags. `last.value` is `nil` only before the first check of a lifetime, and then the
/// set is empty. After each check the set holds the keys and values derived from `last.value`,
/// every run in it kept (see ``SupervisedEffectSet``); ``letAllGo()`` empties it for good. Debug
/// builds check the lock is held where `last` is read and changed and the set after each
/// reconciliation (O(1)); ``checkInvariants()`` checks all of it (O(*n*), for tests).
@usableFromInline
final class KeyedEffectSupervision<
    State, OutputAction, Dependencies: Sendable,
    Part: Equatable & Sendable, Key: Hashable & Sendable, Value: Equatable & Sendable
>: EffectSupervision<State, OutputAction>, @unchecked Sendable {  // `last`, `lastLifetime` and `set` are guarded by `lock`
    private let keys: @Sendable (Part) -> [Key: Value]
    private let effect: @Sendable (Key, Value) -> Effect<Dependencies, OutputAction>
    private let dependencies: Dependencies
    /// The part at the last check; `nil` before the first.
    private let last: LastPart<State, Part>
    /// `last.replace(from:)`, as a closure made where the app's types are known (see `LastPart`).
    private let partChanged: @Sendable (State) -> Bool
    /// The lifetime of the part at the last check, when the supervisor is lifted into a part
    /// that comes and goes (`liftOptional`, `liftToCollection`): kept, not only its identity,
    /// so that a new lifetime is never taken for the old one at a reused address.
    @exclusivity(unchecked) private var lastLifetime: StateLifetime?
    /// Checked: touched only when the part changed, not on every turn.
    private var set = SupervisedEffectSet<Key, Value>()

    @usableFromInline
    init(
        dependencies: Dependencies,
        last: LastPart<State, Part>,
        partChanged: @escaping @Sendable (State) -> Bool,
        keys: @escaping @Sendable (Part) -> [Key: Value],
        effect: @escaping @Sendable (Key, Value) -> Effect<Dependencies, OutputAction>
    ) {
        self.dependencies = dependencies
        self.last = last
        self.partChanged = partChanged
        self.keys = keys
        self.effect = effect
    }

    override func afterTurn(output: AnyActionHandler<OutputAction>) {
        // Read before the state, so that the state read below is at least as recent as the
        // commit that made this count.
        let changes = committedChanges.loadAcquiring()
        // Observed (a supervisor at the top of the store, whose output has no lifetime), and no
        // commit has changed the part since a check reconciled a state at least that recent:
        // nothing to read. Every commit that changes the part counts, and the check of its own
        // turn, which runs after it, reads a count that no check has reconciled yet.
        if output.lifetime == nil && changes != 0 && changes == reconciledChanges.loadRelaxed() {
            return
        }
        // The getter reads the committed state, under the store's lock; read before this lock is
        // taken, so that no thread ever holds both.
        guard let getState = getState.getter else { return }
        let state = getState()
        lock.lock()
        // A check that read an older count than one already applied read a state no newer than
        // that check's: applying it could step back. (Two checks of one count may still apply
        // in either order; the check of the commit that changed the part after them reads a
        // higher count and reconciles last. Observed, checks run one turn at a time anyway.)
        guard changes >= reconciledChanges.loadRelaxed() else {
            lock.unlock()
            return
        }
        reconciledChanges.storeRelaxed(changes)
        // A turn that left the part as it was ends here. Nothing of the set's generic types is
        // touched before this point: in the same function, their metadata was looked up on every
        // turn (W2s: about 650 instructions).
        lock.assertHeld("KeyedEffectSupervision: compared the part without the lock")
        guard output.lifetime !== lastLifetime || partChanged(state) else {
            lock.unlock()
            return
        }
        reconcile(with: state, output: output)
    }

    /// Derives the set from the part that changed (or from the part of a lifetime that began)
    /// and starts and cancels what differs. Call with the lock held; returns with it released.
    @inline(never)
    private func reconcile(with state: State, output: AnyActionHandler<OutputAction>) {
        lock.assertHeld("KeyedEffectSupervision: reconciled without the lock")
        var ended: [EffectToken] = []
        if output.lifetime !== lastLifetime {
            // The part went and came back (or first came): what ran for it before was cancelled
            // with its lifetime, and the set starts again from nothing.
            lastLifetime = output.lifetime
            last.value = nil
            ended = set.letAllGo()
            _ = partChanged(state)
        }
        guard let current = last.value else {
            checkLocked()
            lock.unlock()
            return
        }
        var changes = set.reconcile(with: keys(current)) { [lock] token in
            SupervisedRun(lock: lock, description: token.description)
        }
        checkLocked()
        lock.unlock()
        changes.cancels.insert(contentsOf: ended, at: 0)
        // Outside the lock: cancelling a task, and starting one, may run code of others.
        for token in changes.cancels {
            registry.cancel(token)
        }
        for start in changes.starts {
            launch(start, output: output)
        }
    }

    /// Starts the effect of a key: the app's effect, with the key as its token (which cancels
    /// the effect the key ran before, on a restart), its actions passed to the store only while
    /// its run is kept.
    private func launch(_ start: SupervisedEffectSet<Key, Value>.Start, output: AnyActionHandler<OutputAction>) {
        let made = effect(start.key, start.value)
        guard let work = made.work.asRun else {
            // Nothing to run (`doNothing`, or a `toCancel`, which has nothing here to cancel).
            start.run.end()
            return
        }
        let run = start.run
        let supervised = Effect<Dependencies, OutputAction>(
            work: .run { context in
                // With the output's lifetime: lifted into a part that goes, the effect sends
                // nothing once the part has gone (`EffectContext.send` asks it).
                let passing = AnyActionHandler<OutputAction>(lifetime: context.output.lifetime) { [output = context.output] dispatched in
                    if run.passesActions {
                        output.dispatch(dispatched)
                    }
                }
                await work(EffectContext(dependencies: context.dependencies, output: passing, source: context.source, token: context.token))
                run.end()
            },
            source: made.source,
            token: start.token,
            cancelsInFlight: true,
            // A throttle would drop a restart: a state-driven effect runs whenever the state says.
            throttle: nil
        )
        EffectLaunch(effect: supervised, dependencies: dependencies, registry: registry).start(output: output)
    }

    override var keptEffectKeys: [String] {
        let runs = lock.withLock { set.entries.values.map(\.run) }
        return runs.filter(\.isRunningKept).map(\.description).sorted()
    }

    override func letAllGo() {
        _ = lock.withLock { set.letAllGo() }
        registry.cancelAll()
    }

    /// Stops a debug build if the last part and the set disagree: a set with no part. Call with
    /// the lock held.
    private func checkLocked() {
        #if DEBUG
        lock.assertHeld("KeyedEffectSupervision: checked without the lock")
        assert(last.value != nil || set.entries.isEmpty, "KeyedEffectSupervision: \(set.entries.count) effects kept for no part")
        #endif
    }

    override func checkInvariants() {
        #if DEBUG
        super.checkInvariants()
        lock.withLock {
            checkLocked()
            set.checkInvariants()
        }
        #endif
    }
}
