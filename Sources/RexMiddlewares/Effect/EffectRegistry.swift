import RexCore

/// The effects an ``EffectMiddleware`` has running, by token, so that they can be cancelled;
/// and the throttle gates that are closed.
///
/// Every effect is registered under the lock before its task exists, and its task removes the
/// entry when it finishes, so that nothing is left behind. The task itself is created outside
/// the lock: creating one schedules it, which may wake a thread, and that thread's first act
/// when a small effect ends is to take this lock; under the lock it cost a context switch per
/// effect.
@usableFromInline
final class EffectRegistry: @unchecked Sendable {  // every stored property is guarded by `lock`
    private struct Running {
        /// `nil` while the launcher is creating the task.
        var task: Task<Void, Never>?
        var token: EffectToken?
        /// Cancelled before its task existed: the launcher cancels the task once made.
        var isCancelled = false
    }

    private let lock = Lock(spinning: true)
    private var running: [UInt64: Running] = [:]
    private var idsByToken: [EffectToken: TokenIDs] = [:]
    private var closedGates: Set<EffectToken> = []
    private var nextID: UInt64 = 0

    /// How many effects are running.
    var count: Int {
        lock.withLock { running.count }
    }

    /// How many tokens have running effects or closed throttle gates; zero when all is done.
    var tokenCount: Int {
        lock.withLock { idsByToken.count + closedGates.count }
    }

    /// Starts an effect (or cancels, for `toCancel`).
    ///
    /// Inlinable, as is everything generic on an effect's way from the handler to its task, so
    /// that the app specializes it for its own action and dependencies: run unspecialized, it
    /// looked up generic metadata (a locked runtime cache) several times per effect. The
    /// bookkeeping it calls is not generic, and stays here.
    @inlinable
    func start<Dependencies, Output>(
        _ effect: Effect<Dependencies, Output>,
        dependencies: Dependencies,
        output: AnyActionHandler<Output>
    ) {
        switch effect.work {
        case .none:
            return
        case .cancel(let token):
            cancel(token)
        case .send, .run:
            let registered: UInt64?
            if let throttle = effect.throttle {
                registered = register(token: effect.token, cancelsInFlight: effect.cancelsInFlight, interval: throttle.interval) {
                    throttle.clock(dependencies)
                }
            } else {
                registered = register(token: effect.token, cancelsInFlight: effect.cancelsInFlight, interval: nil) { nil }
            }
            guard let id = registered else { return }
            let context = EffectContext(dependencies: dependencies, output: output, source: effect.source, token: effect.token)
            let work = effect.work
            // Created outside the lock, after registering (see the type's comment). It holds the
            // registry strongly: a weak capture costs a heap box per task, and the registry owns
            // no task beyond the entry the task itself removes as it ends, so nothing leaks.
            let task = Task { [self] in
                // The work is performed here, not through a closure made for it: one call less,
                // and for `just` no closure at all.
                await work.perform(in: context)
                finish(id)
            }
            attach(task, to: id)
        }
    }

    /// Registers an effect about to start, and returns its id; `nil` when a closed throttle gate
    /// drops it. Cancels the effects in flight of its token when it asks to. With an
    /// `interval`, closes the token's gate and starts its timer on the clock `clock` returns.
    @usableFromInline
    func register(
        token: EffectToken?,
        cancelsInFlight: Bool,
        interval: Duration?,
        clock: () -> (any Clock<Duration>)?
    ) -> UInt64? {
        var cancelled: [Task<Void, Never>] = []
        lock.lock()
        if let token, let interval, let clock = clock() {
            guard !closedGates.contains(token) else {
                lock.unlock()
                return nil
            }
            closedGates.insert(token)
            // The gate's timer is registered like an effect: cancelled with the others, and
            // waited for by `waitUntilIdle`. Rare enough to be created under the lock.
            let id = nextID
            nextID += 1
            running[id] = Running(
                task: Task { [weak self] in
                    try? await clock.sleep(for: interval)
                    self?.openGate(token)
                    self?.finish(id)
                },
                token: nil
            )
        }
        if let token, cancelsInFlight {
            cancelled = takeTasks(of: token)
        }
        let id = nextID
        nextID += 1
        running[id] = Running(task: nil, token: token)
        if let token {
            // One lookup: the token's entry is changed in place, or inserted.
            if let index = idsByToken.index(forKey: token) {
                idsByToken.values[index] = idsByToken.values[index].inserting(id)
            } else {
                idsByToken[token] = .one(id)
            }
        }
        lock.unlock()
        for task in cancelled {
            task.cancel()
        }
        return id
    }

    /// Stores the task of a registered effect, and cancels it if the effect was cancelled while
    /// the task was being created.
    @usableFromInline
    func attach(_ task: Task<Void, Never>, to id: UInt64) {
        lock.lock()
        var cancelsNow = false
        // No entry: the task has ended already, and removed it.
        if let index = running.index(forKey: id) {
            running.values[index].task = task
            cancelsNow = running.values[index].isCancelled
        }
        lock.unlock()
        if cancelsNow {
            task.cancel()
        }
    }

    /// Forgets an effect whose task is ending.
    @usableFromInline
    func finish(_ id: UInt64) {
        lock.withLock { remove(id) }
    }

    /// Forgets a running effect. Call with the lock held.
    private func remove(_ id: UInt64) {
        guard let entry = running.removeValue(forKey: id) else { return }
        // One lookup of the token, not a read and a write.
        if let token = entry.token, let index = idsByToken.index(forKey: token) {
            if let left = idsByToken.values[index].removing(id) {
                idsByToken.values[index] = left
            } else {
                idsByToken.remove(at: index)
            }
        }
    }

    private func openGate(_ token: EffectToken) {
        _ = lock.withLock { closedGates.remove(token) }
    }

    /// Cancels the running effects of a token.
    @usableFromInline
    func cancel(_ token: EffectToken) {
        let tasks = lock.withLock { takeTasks(of: token) }
        for task in tasks {
            task.cancel()
        }
    }

    /// Detaches a token from its effects and returns their tasks, to cancel. The tasks stay
    /// registered as running until they end, so that `waitUntilIdle` waits for them too. Call
    /// with the lock held.
    private func takeTasks(of token: EffectToken) -> [Task<Void, Never>] {
        let ids = idsByToken.removeValue(forKey: token)?.all ?? []
        return ids.compactMap { id in
            guard let index = running.index(forKey: id) else { return nil }
            running.values[index].token = nil
            // A task still being created is cancelled by its launcher.
            running.values[index].isCancelled = true
            return running.values[index].task
        }
    }

    /// Returns once no effect is running: every effect started before or during the wait has
    /// finished (or been cancelled and ended), and every throttle timer has run out.
    func waitUntilIdle() async {
        // Waits in rounds: each round awaits every task registered before it began (ids only
        // grow, so later ones have ids from `nextID` on). Entries are never swept from here: a
        // task removes its own entry before it ends, so an entry left after its task ended is a
        // leak, and must stay visible in `count` (the tests that prove "nothing is left behind"
        // rely on it).
        var firstID: UInt64 = 0
        while true {
            let (tasks, isLaunching, nextRound) = lock.withLock {
                var tasks: [Task<Void, Never>] = []
                var isLaunching = false
                for (id, entry) in running where id >= firstID {
                    if let task = entry.task {
                        tasks.append(task)
                    } else {
                        isLaunching = true
                    }
                }
                return (tasks, isLaunching, nextID)
            }
            if tasks.isEmpty && !isLaunching { return }
            for task in tasks {
                await task.value
            }
            if isLaunching {
                // A task is being created on another thread: look again, from the same id, once
                // it has had the chance to be stored (ended tasks have removed their entries).
                await Task.yield()
            } else {
                firstID = nextRound
            }
        }
    }

    /// Cancels every running effect.
    func cancelAll() {
        let tasks: [Task<Void, Never>] = lock.withLock {
            let tasks = running.values.compactMap(\.task)
            // An effect whose task is being created stays, marked, so that its launcher cancels
            // the task; the task then removes the entry as it ends.
            running = running.filter { $0.value.task == nil }
            for index in running.indices {
                running.values[index].isCancelled = true
                running.values[index].token = nil
            }
            idsByToken.removeAll()
            return tasks
        }
        for task in tasks {
            task.cancel()
        }
    }
}

/// The running effects of one token: usually one (a new effect cancels the one in flight), so
/// that case is kept without a set, which would cost an allocation per effect.
private enum TokenIDs {
    case one(UInt64)
    case many(Set<UInt64>)

    var all: [UInt64] {
        switch self {
        case .one(let id): [id]
        case .many(let ids): Array(ids)
        }
    }

    func inserting(_ id: UInt64) -> TokenIDs {
        switch self {
        case .one(let existing): .many([existing, id])
        case .many(let ids): .many(ids.union([id]))
        }
    }

    /// Without `id`; `nil` when no id is left.
    func removing(_ id: UInt64) -> TokenIDs? {
        switch self {
        case .one(let existing): return existing == id ? nil : self
        case .many(var ids):
            ids.remove(id)
            return ids.isEmpty ? nil : .many(ids)
        }
    }
}
