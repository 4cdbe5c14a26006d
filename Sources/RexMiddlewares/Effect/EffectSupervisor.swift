import RexCore

/// A middleware that keeps effects running for as long as the state calls for them: after each
/// turn, it derives from the state a keyed set of effects, and starts the effects of keys that
/// appeared, cancels those of keys that went, and restarts those whose value changed.
///
/// Made with `EffectMiddleware.supervise(_:each:effect:)` (or its one-effect form,
/// `EffectMiddleware.supervise(_:effect:)`), the name SwiftRex gives state-driven effects:
///
/// ```swift
/// let transfers = EffectMiddleware<AppAction, AppAction, AppState, Void>.supervise(
///     \.downloads,
///     each: { downloads in downloads.mapValues(\.url) }
/// ) { id, url in
///     .run { context in
///         for await progress in Transfer(url).progress {
///             context.send(.progressed(id, progress))
///         }
///     }
/// }
/// ```
///
/// - **After the reducer.** The check runs in the turn's IO, whatever the action, and reads the
///   state the turn committed. Lifted, the middleware's `handle` returns that IO each time.
///   Composed at the top of the store (alone, with `<>`, in a `ComposedMiddleware`), `handle`
///   returns a pure IO, and the store runs the check at the end of each turn whose commit
///   changed the part, after the turn's other IOs, wherever the supervisor sits in the
///   composition. Nothing runs before the store's first turn: an app whose initial state calls
///   for effects sends an action to start (a launch action, for example).
/// - **At the cost of what changed.** The middleware watches one part of the state, which it
///   compares (`==`) with the part seen last: a turn that leaves the part alone costs that one
///   comparison, however many effects run. Only when the part differs does it derive the set,
///   in O(*n*), and reconcile it with the running one, in O(*n*). At the top of the store, it
///   compares where the store keeps the state: the store shows it each committed state after
///   the reducer, under the store's lock, and the check reads the state only after a change.
///   Lifted, it reads the state in the IO of each turn and compares there, under its own lock.
///   So `part` and `each` run under the supervisor's lock, and `part` under the store's too:
///   keep them quick functions of the state that call nothing of the store. (The parts seen
///   last are kept for the comparison, so the reducer's next change of the part copies it
///   once, by copy-on-write: O(*n*) too, on a turn that derives anyway.) Watch the smallest
///   part that decides the set, of a type whose `==` is quick when nothing changed (`Array`,
///   `Dictionary` and `Set` compare their storage first).
/// - **Keyed.** Each effect runs under its key, as its token: a key whose value stays equal
///   keeps its effect running as it is, even when the effect has ended by itself; a changed value
///   cancels the running effect and starts a new one with the new value.
/// - **Cancelled when its key goes.** The effect sees Swift task cancellation; what it sends
///   once the check has let its key go (or restarted it) is dropped, not dispatched. (An action
///   it sent before, while the turn that removed its key was running, is processed as usual.)
/// - **Counted.** ``runningEffectCount`` and ``waitForEffects()`` count these effects, as
///   ``EffectMiddleware``'s do; ``keptEffectKeys`` names those the state keeps running, which
///   `TestStore.finish()` reports. Releasing the middleware (with its store) cancels them all.
///
/// - **In a part that comes and goes.** Lifted with `liftOptional` (a detail, a case), its
///   effects end with the part: they are cancelled when it goes, and what they send then is
///   dropped; when the part comes back, the set starts again from nothing. It checks the state
///   on the turns the lift hands it (the part's own actions). Do not lift it into a collection's
///   elements, where one supervisor would see each element in turn: derive the elements' set at
///   the collection's level (`supervise(\.rows, each: …)`).
///
/// Compose it where the actions that change its part reach it: a lift whose action getter skips
/// an action also skips the check of that turn (a lift of the state alone skips none). One
/// supervisor serves one store: it reads the state through the getter of its first turn.
public final class EffectSupervisor<InputActionType, OutputActionType, StateType, Dependencies: Sendable>:  // SwiftRex 0.8's parameter names (Docs/Names.md)
    MiddlewareProtocol, Sendable
{
    @usableFromInline let supervision: EffectSupervision<StateType, OutputActionType>
    /// What the store calls with each committed state, made where the part's type is known (see
    /// ``committedStateObserver()``).
    @usableFromInline let observer: CommittedStateObserver<StateType, OutputActionType>

    /// Creates a supervisor of the effects `each` derives from the `part` of the state.
    ///
    /// - Parameters:
    ///   - dependencies: What the effects are given.
    ///   - part: The part of the state the set derives from; compared after every turn.
    ///   - each: The keyed set the part calls for: each key's effect runs with its value, and
    ///     restarts when the value changes. Called only when the part changed.
    ///   - effect: The effect of one key, given its value. Its token, if it has one, is replaced
    ///     by the key; a throttle has no meaning here and is ignored.
    @inlinable
    public init<Part: Equatable & Sendable, Key: Hashable & Sendable, Value: Equatable & Sendable>(
        dependencies: Dependencies,
        part: @escaping @Sendable (StateType) -> Part,
        each: @escaping @Sendable (Part) -> [Key: Value],
        effect: @escaping @Sendable (Key, Value) -> Effect<Dependencies, OutputActionType>
    ) {
        // Inlinable, so that the check of an unchanged turn is made here, in the app, for its
        // part's type (see `LastPart`).
        let last = LastPart(part: part)
        let supervision = KeyedEffectSupervision(
            dependencies: dependencies,
            last: last,
            partChanged: { state in last.replace(from: state) },
            keys: each,
            effect: effect
        )
        self.supervision = supervision
        // The part of the last committed state the store showed the observer: kept by the
        // store's turn, apart from `last`, the part of the last check (see `LastPart`).
        let committed = LastPart(part: part)
        observer = { state in
            supervision.observeCommit { committed.replace(from: state) }
        }
    }

    deinit {
        supervision.letAllGo()
    }

    /// Returns an IO that checks the state after the reducer, and starts and cancels what the
    /// state calls for; the action itself does not matter. Once the store observes the
    /// supervisor's committed states (composed at the top of the store), returns a pure IO: the
    /// store then runs the check after the turns whose commit changed the part, and only those.
    ///
    /// The IO captures only the supervision, so that it allocates nothing.
    @inlinable
    public func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        supervision.attachIfNeeded(state)
        if supervision.isObserved {
            return .pure()
        }
        return IO(supervision.afterTurn)
    }

    /// How many effects are running now, those whose key went and that are still ending
    /// included.
    public var runningEffectCount: Int {
        supervision.registry.count
    }

    /// The keys (described) of the effects that the state keeps and that are still running, in
    /// order: effects that end only when the state lets them go.
    ///
    /// - Complexity: O(*n* log *n*), where *n* is the number of keys in the set.
    public var keptEffectKeys: [String] {
        supervision.keptEffectKeys
    }

    /// Returns once every effect started so far, and every effect started meanwhile, has ended,
    /// cancelled ones included. An effect the state keeps and that does not end by itself is
    /// waited for until the state lets it go.
    public func waitForEffects() async {
        await supervision.registry.waitUntilIdle()
    }
}

extension EffectSupervisor: EffectRunning {}

extension EffectSupervisor: CommittedStateObserving {
    /// Compares the part of each committed state, where the store keeps it, and asks the store
    /// to check after the turn only when the part changed: a turn that leaves the part alone
    /// reads nothing and runs no IO (W2s: no copy of the state, and the store keeps its lock
    /// through the turn).
    @inlinable
    package func committedStateObserver() -> CommittedStateObserver<StateType, OutputActionType>? {
        observer
    }
}
