import RexCore

/// The effects an ``EffectMiddleware`` has running, by token, so that they can be cancelled;
/// and the throttle gates that are closed.
///
/// Every task is registered under the lock before it can finish, and removes itself when it
/// finishes, so that nothing is left behind.
final class EffectRegistry: @unchecked Sendable {  // every stored property is guarded by `lock`
    private struct Running {
        let task: Task<Void, Never>
        let token: EffectToken?
    }

    private let lock = Lock()
    private var running: [UInt64: Running] = [:]
    private var idsByToken: [EffectToken: Set<UInt64>] = [:]
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
        case .run(let work):
            var source = effect.source
            if let token = effect.token {
                source = ActionSource(file: source.file, function: source.function, line: source.line, info: "effect \(token)")
            }
            let context = EffectContext(dependencies: dependencies, output: output, source: source)
            launch(token: effect.token, cancelsInFlight: effect.cancelsInFlight, throttle: effect.throttle, dependencies: dependencies) {
                await work(context)
            }
        }
    }

    private func launch<Dependencies>(
        token: EffectToken?,
        cancelsInFlight: Bool,
        throttle: Effect<Dependencies, some Any>.Throttle?,
        dependencies: Dependencies,
        work: @escaping @Sendable () async -> Void
    ) {
        var cancelled: [Task<Void, Never>] = []
        lock.lock()
        if let token, let throttle {
            guard !closedGates.contains(token) else {
                lock.unlock()
                return
            }
            closedGates.insert(token)
            let clock = throttle.clock(dependencies)
            let interval = throttle.interval
            // The gate's timer is registered like an effect: cancelled with the others, and
            // waited for by `waitUntilIdle`.
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
        // Created under the lock: the task's own removal waits for its registration.
        let task = Task { [weak self] in
            await work()
            self?.finish(id)
        }
        running[id] = Running(task: task, token: token)
        if let token {
            idsByToken[token, default: []].insert(id)
        }
        lock.unlock()
        for task in cancelled {
            task.cancel()
        }
    }

    private func finish(_ id: UInt64) {
        lock.withLock { remove(id) }
    }

    /// Forgets a running effect. Call with the lock held.
    private func remove(_ id: UInt64) {
        guard let entry = running.removeValue(forKey: id) else { return }
        if let token = entry.token {
            idsByToken[token]?.remove(id)
            if idsByToken[token]?.isEmpty == true {
                idsByToken[token] = nil
            }
        }
    }

    private func openGate(_ token: EffectToken) {
        _ = lock.withLock { closedGates.remove(token) }
    }

    /// Cancels the running effects of a token.
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
        let ids = idsByToken.removeValue(forKey: token) ?? []
        return ids.compactMap { id in
            guard let entry = running[id] else { return nil }
            running[id] = Running(task: entry.task, token: nil)
            return entry.task
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
            let (tasks, nextRound) = lock.withLock {
                (running.compactMap { $0.key >= firstID ? $0.value.task : nil }, nextID)
            }
            if tasks.isEmpty { return }
            for task in tasks {
                await task.value
            }
            firstID = nextRound
        }
    }

    /// Cancels every running effect.
    func cancelAll() {
        let tasks: [Task<Void, Never>] = lock.withLock {
            let tasks = running.values.map(\.task)
            running.removeAll()
            idsByToken.removeAll()
            return tasks
        }
        for task in tasks {
            task.cancel()
        }
    }
}
