import RexCore

/// The effects an ``EffectMiddleware`` has running, so that they can be cancelled and waited
/// for; and the throttle gates that are closed.
///
/// Every effect is registered under the lock before its task exists, and its task removes the
/// entry when it finishes, so that nothing is left behind. (A `just` whose task starts and ends
/// inside its launcher is not kept: see `EffectLaunch.sendsAtOnce`.) The task itself is created
/// outside the lock: creating one schedules it, which may wake a thread, and that thread's first
/// act when a small effect ends is to take this lock; under the lock it cost a context switch per
/// effect.
///
/// The running effects are kept in an array, each knowing its own position, so that adding and
/// removing one costs no hashing: only tokens are hashed. (Kept in a dictionary by id, with a
/// second one from token to ids, the bookkeeping of a small effect cost more than its work.)
///
/// Invariant: `lock` guards every `var` here and every `var` of the effects registered here
/// (see ``RegisteredEffect``); nothing is read without it.
/// - `running[i].index == i` for every `i`: an effect knows its place, and an effect that is not
///   running has no `index`. Removing one moves the last into its place.
/// - Every registered effect has an `order` below `nextOrder`, given once.
/// - `byToken[t]` lists running effects only, each with `token == t` and not cancelled, and is
///   never empty (`.none` only while `add` runs); a running effect with a token is listed under
///   it. A cancelled effect has no token, and so is listed nowhere.
/// - Each closed gate has its timer among the running effects: `closedGates.count` is at most
///   `running.count`.
///
/// Each change checks the effects it touched in debug builds (``checkEffect(_:)``, O(1) but for
/// the effects of one token); ``checkInvariants()`` checks the whole registry (O(*n*), for tests).
@usableFromInline
final class EffectRegistry: @unchecked Sendable {  // every stored property is guarded by `lock`
    /// What ``register(_:cancelsInFlight:tracked:interval:clock:)`` did.
    @usableFromInline
    enum Registration {
        /// The effect is registered: its launcher starts its task.
        case registered
        /// A closed throttle gate dropped the effect.
        case dropped
        /// The effect was registered before (its IO ran twice); nothing changed.
        case alreadyRegistered
    }

    private let lock = Lock(spinning: true)
    @exclusivity(unchecked) private var running: ContiguousArray<RegisteredEffect> = []
    @exclusivity(unchecked) private var byToken: [EffectToken: TokenEffects] = [:]
    // Checked: touched only by a throttle, off the path of every effect.
    private var closedGates: Set<EffectToken> = []
    @exclusivity(unchecked) private var nextOrder: UInt64 = 0

    @usableFromInline
    init() {}

    /// How many effects are running.
    var count: Int {
        lock.withLock { running.count }
    }

    /// How many tokens have running effects or closed throttle gates; zero when all is done.
    var tokenCount: Int {
        lock.withLock { byToken.count + closedGates.count }
    }

    /// Registers an effect about to start. Cancels the effects in flight of its token when it
    /// asks to. With an `interval`, closes the token's gate (or drops the effect if the gate is
    /// closed) and starts the gate's timer on the clock `clock` returns. An effect not `tracked`
    /// (one that ends before its launcher returns) is not kept among the running ones.
    @usableFromInline
    func register(
        _ effect: RegisteredEffect,
        cancelsInFlight: Bool,
        tracked: Bool,
        interval: Duration?,
        clock: () -> (any Clock<Duration>)?
    ) -> Registration {
        var cancelled: [Task<Void, Never>] = []
        lock.lock()
        guard effect.order == nil else {
            lock.unlock()
            return .alreadyRegistered
        }
        if let token = effect.token, let interval, let clock = clock() {
            guard !closedGates.contains(token) else {
                lock.unlock()
                return .dropped
            }
            closedGates.insert(token)
            startGateTimer(of: token, interval: interval, clock: clock)
        }
        if tracked {
            add(effect)
            if let token = effect.token {
                // One lookup: the token's entry is changed in place, or inserted.
                cancelled = byToken[token, default: .none].add(effect, replacing: cancelsInFlight)
            }
        } else {
            // Given its place in the order all the same, so that the same launch is not
            // started twice.
            stampOrder(effect)
            if let token = effect.token, cancelsInFlight {
                cancelled = takeTasks(of: token)
            }
        }
        checkEffect(effect)
        lock.unlock()
        for task in cancelled {
            task.cancel()
        }
        return .registered
    }

    /// Starts the timer that opens a throttle gate: registered like an effect, so that it is
    /// cancelled with the others and waited for by `waitUntilIdle`. Rare enough to be created
    /// under the lock (which also keeps the timer from ending before its task is stored). Call
    /// with the lock held.
    private func startGateTimer(of token: EffectToken, interval: Duration, clock: any Clock<Duration>) {
        lock.assertHeld("EffectRegistry: a gate's timer started without the lock")
        let timer = RegisteredEffect(token: nil)
        add(timer)
        timer.task = Task { [weak self] in
            try? await clock.sleep(for: interval)
            self?.openGate(token)
            self?.finish(timer)
        }
        checkEffect(timer)
    }

    /// Adds an effect to the running ones. Call with the lock held.
    private func add(_ effect: RegisteredEffect) {
        lock.assertHeld("EffectRegistry: an effect added without the lock")
        stampOrder(effect)
        effect.index = running.count
        running.append(effect)
    }

    /// Gives an effect the next place in the order of registration. Call with the lock held.
    private func stampOrder(_ effect: RegisteredEffect) {
        lock.assertHeld("EffectRegistry: an effect ordered without the lock")
        effect.order = nextOrder
        nextOrder += 1
    }

    /// Stores the task of a registered effect, and cancels it if the effect was cancelled while
    /// the task was being created.
    @usableFromInline
    func attach(_ task: Task<Void, Never>, to effect: RegisteredEffect) {
        lock.lock()
        // Not running: the task has ended already. It is not stored, so that the effect and its
        // task do not keep each other.
        if effect.index != nil {
            effect.task = task
        }
        let cancelsNow = effect.isCancelled
        checkEffect(effect)
        lock.unlock()
        if cancelsNow {
            task.cancel()
        }
    }

    /// Forgets an effect whose task is ending.
    @usableFromInline
    func finish(_ effect: RegisteredEffect) {
        lock.lock()
        remove(effect)
        lock.unlock()
    }

    /// Forgets a running effect: the last of the list takes its place. Call with the lock held.
    private func remove(_ effect: RegisteredEffect) {
        lock.assertHeld("EffectRegistry: an effect removed without the lock")
        guard let index = effect.index else { return }
        let last = running.removeLast()
        if last !== effect {
            running[index] = last
            last.index = index
        }
        effect.index = nil
        effect.task = nil
        detachFromToken(effect)
        checkEffect(last)
        checkEffect(effect)
    }

    /// Takes an effect out of its token's effects. Call with the lock held.
    private func detachFromToken(_ effect: RegisteredEffect) {
        lock.assertHeld("EffectRegistry: an effect detached from its token without the lock")
        // One lookup of the token, not a read and a write.
        if let token = effect.token, let entry = byToken.index(forKey: token) {
            if let left = byToken.values[entry].removing(effect) {
                byToken.values[entry] = left
            } else {
                byToken.remove(at: entry)
            }
        }
    }

    private func openGate(_ token: EffectToken) {
        lock.withLock {
            let wasClosed = closedGates.remove(token) != nil
            assert(wasClosed, "EffectRegistry: the timer of a gate that was not closed")
        }
    }

    /// Cancels the running effects of a token.
    @usableFromInline
    func cancel(_ token: EffectToken) {
        let tasks = lock.withLock { takeTasks(of: token) }
        for task in tasks {
            task.cancel()
        }
    }

    /// Cancels one running effect (its state went: see `StateLifetime`); nothing once it ended.
    @usableFromInline
    func cancel(_ effect: RegisteredEffect) {
        let task: Task<Void, Never>? = lock.withLock {
            guard effect.index != nil else { return nil }
            detachFromToken(effect)
            defer { checkEffect(effect) }
            return [effect].cancelled().first
        }
        task?.cancel()
    }

    /// Detaches a token from its effects, marked cancelled, and returns their tasks, to cancel.
    /// Call with the lock held.
    private func takeTasks(of token: EffectToken) -> [Task<Void, Never>] {
        lock.assertHeld("EffectRegistry: a token's effects taken without the lock")
        // No token has effects (the common case): nothing to hash.
        guard !byToken.isEmpty else { return [] }
        return byToken.removeValue(forKey: token)?.all.cancelled() ?? []
    }


    /// Returns once no effect is running: every effect started before or during the wait has
    /// finished (or been cancelled and ended), and every throttle timer has run out.
    func waitUntilIdle() async {
        // Waits in rounds: each round awaits every task registered before it began (later ones
        // are registered in order from `nextOrder` on). Effects are never swept from here: a
        // task removes its own effect before it ends, so an effect left after its task ended is
        // a leak, and must stay visible in `count` (the tests that prove "nothing is left
        // behind" rely on it).
        var firstOrder: UInt64 = 0
        while true {
            let (tasks, isLaunching, nextRound) = lock.withLock {
                var tasks: [Task<Void, Never>] = []
                var isLaunching = false
                for effect in running where effect.order! >= firstOrder {
                    if let task = effect.task {
                        tasks.append(task)
                    } else {
                        isLaunching = true
                    }
                }
                return (tasks, isLaunching, nextOrder)
            }
            if tasks.isEmpty && !isLaunching { return }
            for task in tasks {
                await task.value
            }
            if isLaunching {
                // A task is being created on another thread: look again, from the same place,
                // once it has had the chance to be stored (ended tasks have left the list).
                await Task.yield()
            } else {
                firstOrder = nextRound
            }
        }
    }

    /// Cancels every running effect. They stay registered until their tasks end.
    func cancelAll() {
        let tasks: [Task<Void, Never>] = lock.withLock {
            byToken.removeAll()
            return Array(running).cancelled()
        }
        for task in tasks {
            task.cancel()
        }
    }

    /// Stops a debug build if `effect`, just changed, breaks the invariant: it is at the place
    /// its `index` names, or, not running, listed under no token; registered in the order; and
    /// listed under its token when it has one. Call with the lock held.
    ///
    /// - Complexity: O(1), but for the effects listed under its token.
    private func checkEffect(_ effect: RegisteredEffect) {
        #if DEBUG
        lock.assertHeld("EffectRegistry: an effect checked without the lock")
        effect.checkInvariant()
        assert(effect.order.map { $0 < nextOrder } ?? true, "EffectRegistry: an effect ordered \(effect.order!), past the next order \(nextOrder)")
        guard let index = effect.index else {
            if let token = effect.token {
                assert(byToken[token]?.all.contains { $0 === effect } != true, "EffectRegistry: an effect that is not running is listed under its token \(token)")
            }
            return
        }
        assert(running.indices.contains(index) && running[index] === effect, "EffectRegistry: the place of an effect, \(index), holds another effect")
        if let token = effect.token {
            assert(byToken[token]?.all.contains { $0 === effect } == true, "EffectRegistry: a running effect is not listed under its token \(token)")
        }
        #endif
    }

    /// Stops a debug build if any part of the registry breaks the invariant.
    ///
    /// - Complexity: O(*n*) for *n* running effects and the effects listed under tokens.
    func checkInvariants() {
        #if DEBUG
        lock.withLock {
            for (index, effect) in running.enumerated() {
                assert(effect.index == index, "EffectRegistry: the effect at \(index) says it is at \(String(describing: effect.index))")
                checkEffect(effect)
            }
            for (token, entry) in byToken {
                let effects = entry.all
                assert(!effects.isEmpty, "EffectRegistry: the token \(token) is listed with no effect")
                for effect in effects {
                    assert(effect.index != nil, "EffectRegistry: an effect listed under \(token) is not running")
                    assert(effect.token == token, "EffectRegistry: an effect listed under \(token) has the token \(String(describing: effect.token))")
                    assert(!effect.isCancelled, "EffectRegistry: a cancelled effect is listed under \(token)")
                }
            }
            assert(closedGates.count <= running.count, "EffectRegistry: \(closedGates.count) closed gates, with \(running.count) effects and timers running")
        }
        #endif
    }
}

/// The running effects of one token: usually one (a new effect cancels the one in flight), so
/// that case is kept without an array, which would cost an allocation per effect.
private enum TokenEffects {
    /// Only while an effect is being added.
    case none
    case one(RegisteredEffect)
    case many([RegisteredEffect])

    var all: [RegisteredEffect] {
        switch self {
        case .none: []
        case .one(let effect): [effect]
        case .many(let effects): effects
        }
    }

    /// Adds an effect. When `replacing`, the effects there before leave the token, marked
    /// cancelled, and their tasks are returned, to cancel.
    mutating func add(_ effect: RegisteredEffect, replacing: Bool) -> [Task<Void, Never>] {
        guard replacing else {
            self = .many(all + [effect])
            return []
        }
        let replaced = all
        self = .one(effect)
        return replaced.cancelled()
    }

    /// Without `effect`; `nil` when no effect is left.
    func removing(_ effect: RegisteredEffect) -> TokenEffects? {
        switch self {
        case .none: return nil
        case .one(let existing): return existing === effect ? nil : self
        case .many(var effects):
            effects.removeAll { $0 === effect }
            return effects.isEmpty ? nil : .many(effects)
        }
    }
}

extension [RegisteredEffect] {
    /// Marks the effects cancelled, detached from their token, and returns their tasks, to
    /// cancel. The effects stay registered as running until their tasks end, so that
    /// `waitUntilIdle` waits for them too. Call with the registry's lock held.
    fileprivate func cancelled() -> [Task<Void, Never>] {
        compactMap { effect in
            effect.token = nil
            // A task still being created is cancelled by its launcher.
            effect.isCancelled = true
            effect.checkInvariant()
            return effect.task
        }
    }
}
