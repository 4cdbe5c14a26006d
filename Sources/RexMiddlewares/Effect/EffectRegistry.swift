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
            launch(work, context, token: effect.token, cancelsInFlight: effect.cancelsInFlight, throttle: effect.throttle)
        }
    }

    private func launch<Dependencies, Output>(
        _ work: @escaping @Sendable (EffectContext<Dependencies, Output>) async -> Void,
        _ context: EffectContext<Dependencies, Output>,
        token: EffectToken?,
        cancelsInFlight: Bool,
        throttle: Effect<Dependencies, Output>.Throttle?
    ) {
        var cancelled: [Task<Void, Never>] = []
        lock.lock()
        if let token, let throttle {
            guard !closedGates.contains(token) else {
                lock.unlock()
                return
            }
            closedGates.insert(token)
            let clock = throttle.clock(context.dependencies)
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
            await work(context)
            self?.finish(id)
        }
        running[id] = Running(task: task, token: token)
        if let token {
            if let ids = idsByToken[token] {
                idsByToken[token] = ids.inserting(id)
            } else {
                idsByToken[token] = .one(id)
            }
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
            idsByToken[token] = idsByToken[token]?.removing(id)
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
        let ids = idsByToken.removeValue(forKey: token)?.all ?? []
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
