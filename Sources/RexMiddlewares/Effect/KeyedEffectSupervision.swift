import RexCore

/// The check an ``EffectSupervisor`` makes after each turn: reads the part of the state it
/// watches, and only when the part differs from the one of the last check, derives the keyed set
/// of effects the state calls for and reconciles the running effects with it.
///
/// A turn that leaves the part as it was costs reading the state, a lock and one comparison of
/// the part, whatever the number of effects running.
@usableFromInline
final class KeyedEffectSupervision<
    StateType, OutputActionType, Dependencies: Sendable,
    Part: Equatable & Sendable, Key: Hashable & Sendable, Value: Equatable & Sendable
>: EffectSupervision<StateType, OutputActionType>, @unchecked Sendable {  // `lastPart` and `set` are guarded by `lock`
    private let part: @Sendable (StateType) -> Part
    private let keys: @Sendable (Part) -> [Key: Value]
    private let effect: @Sendable (Key, Value) -> Effect<Dependencies, OutputActionType>
    /// `==` of two parts, made where the app's types are known: called from this class's generic
    /// code, the part's `==` ran unspecialized, looking its types' metadata up on every turn
    /// (W2s: about 1,200 instructions of the 2,600 an unchanged turn cost).
    private let isSame: @Sendable (Part, Part) -> Bool
    private let dependencies: Dependencies
    /// The part at the last check; `nil` before the first.
    @exclusivity(unchecked) private var lastPart: Part?
    /// The lifetime of the part at the last check, when the supervisor is lifted into a part
    /// that comes and goes (`liftOptional`, `liftToCollection`): kept, not only its identity,
    /// so that a new lifetime is never taken for the old one at a reused address.
    @exclusivity(unchecked) private var lastLifetime: StateLifetime?
    @exclusivity(unchecked) private var set = SupervisedEffectSet<Key, Value>()

    @usableFromInline
    init(
        dependencies: Dependencies,
        part: @escaping @Sendable (StateType) -> Part,
        keys: @escaping @Sendable (Part) -> [Key: Value],
        effect: @escaping @Sendable (Key, Value) -> Effect<Dependencies, OutputActionType>,
        isSame: @escaping @Sendable (Part, Part) -> Bool
    ) {
        self.dependencies = dependencies
        self.isSame = isSame
        self.part = part
        self.keys = keys
        self.effect = effect
    }

    override func afterTurn(output: AnyActionHandler<OutputActionType>) {
        // The getter reads the committed state, under the store's lock; read before this lock is
        // taken, so that no thread ever holds both.
        guard let getState = getState.getter else { return }
        let current = part(getState())
        lock.lock()
        var ended: [EffectToken] = []
        if output.lifetime !== lastLifetime {
            // The part went and came back (or first came): what ran for it before was cancelled
            // with its lifetime, and the set starts again from nothing.
            lastLifetime = output.lifetime
            lastPart = nil
            ended = set.letAllGo()
        }
        if let lastPart, isSame(lastPart, current) {
            lock.unlock()
            return
        }
        lastPart = current
        var changes = set.reconcile(with: keys(current)) { [lock] token in
            SupervisedRun(lock: lock, description: token.description)
        }
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
    private func launch(_ start: SupervisedEffectSet<Key, Value>.Start, output: AnyActionHandler<OutputActionType>) {
        let made = effect(start.key, start.value)
        guard let work = made.work.asRun else {
            // Nothing to run (`doNothing`, or a `toCancel`, which has nothing here to cancel).
            start.run.end()
            return
        }
        let run = start.run
        let supervised = Effect<Dependencies, OutputActionType>(
            work: .run { context in
                // With the output's lifetime: lifted into a part that goes, the effect sends
                // nothing once the part has gone (`EffectContext.send` asks it).
                let passing = AnyActionHandler<OutputActionType>(lifetime: context.output.lifetime) { [output = context.output] dispatched in
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
}
