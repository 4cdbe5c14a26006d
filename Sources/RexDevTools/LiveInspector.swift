import Foundation
import RexCore

/// Streams a running store's turns to the live inspector's server, and carries out what the
/// inspector's page asks: travel to a step, return to live, dispatch an action.
///
/// Compose ``middleware`` where the recorder's middleware would go, inside the traveller's, and
/// start the inspector on the store:
///
/// ```swift
/// let inspector = LiveInspector(travel: travel, token: token)
/// // middleware: travel.middleware(inspector.middleware <> appMiddleware)
/// inspector.start(in: store)
/// ```
///
/// A turn never waits on the network: it appends its step to a buffer of at most `capacity`
/// steps (O(1)); one task of the inspector's own sends them in batches of at most `batchSize`,
/// one batch at a time, and another long-polls the page's commands. When the buffer is full the
/// oldest steps go, and the next batch says how many. A server that fails or goes away costs
/// the app that buffer and one batch: the inspector tries again with backoff (0.1 s doubling to
/// 5 s, on `clock`) and sends on once the server is back. A poll answered with no new command
/// is asked again after 0.1 s. ``stop()`` ends both tasks. The wire
/// protocol is in `Docs/LiveInspectorProtocol.md`.
//
// Invariant: `lock` guards every `var`. The sending task waits on `waiter` only while there is
// nothing to send and the inspector is not stopped; whoever gives it something to send (a turn,
// a rejection) or stops it takes the waiter under the lock and resumes it after.
public final class LiveInspector<Action: Codable & Sendable, State: Codable & Sendable>: @unchecked Sendable {
    // @unchecked: every `var` is guarded by `lock`; the `let`s are Sendable.
    /// The traveller that carries out the page's jumps; its recorder records the steps.
    public let travel: TimeTravel<Action, State>
    /// How the inspector reaches the server.
    public let transport: any LiveInspectorTransport
    /// The most steps waiting to be sent; past it, the oldest are dropped and counted.
    public let capacity: Int
    /// The most steps in one batch.
    public let batchSize: Int
    private let clock: any Clock<Duration>
    private let log: @Sendable (String) -> Void
    private let tickClock = TickClock()
    /// The index of the first turn this inspector notes: the recorder's count when it was made.
    private let firstIndex: Int

    private let lock = NSLock()
    private var buffer: LiveInspectorBuffer<Action, State>
    private var nextIndex: Int
    private var initialState: State?
    private var rejected: [LiveInspectorRejectedCommand] = []
    private var waiter: CheckedContinuation<Void, Never>?
    private var tasks: [Task<Void, Never>] = []
    private var started = false
    private var stopped = false

    /// An inspector that sends `travel`'s recorder's steps through `transport`.
    ///
    /// - Parameters:
    ///   - travel: The traveller wrapping the store; its recorder numbers the steps.
    ///   - transport: The way to the server.
    ///   - capacity: The most steps waiting to be sent (1,000 by default).
    ///   - batchSize: The most steps in one request (100 by default).
    ///   - clock: The clock of the waits between tries (a test gives a `TestClock`).
    ///   - log: Where failures and rejected commands are told (standard error by default).
    public init(
        travel: TimeTravel<Action, State>,
        transport: any LiveInspectorTransport,
        capacity: Int = 1_000,
        batchSize: Int = 100,
        clock: any Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void = LiveInspectorLog.standardError
    ) {
        self.travel = travel
        self.transport = transport
        self.capacity = max(capacity, 1)
        self.batchSize = max(batchSize, 1)
        self.clock = clock
        self.log = log
        buffer = LiveInspectorBuffer(capacity: capacity)
        firstIndex = travel.recorder.recordedCount
        nextIndex = firstIndex
    }

    /// An inspector that sends `travel`'s recorder's steps over HTTP to the server at `server`
    /// (this machine, port 7420, by default), presenting `token`, the one the server printed.
    public convenience init(
        travel: TimeTravel<Action, State>,
        token: String,
        server: URL = URLSessionLiveInspectorTransport.defaultServer,
        sessionID: String = UUID().uuidString,
        capacity: Int = 1_000
    ) {
        let transport = URLSessionLiveInspectorTransport(server: server, sessionID: sessionID, token: token)
        self.init(travel: travel, transport: transport, capacity: capacity)
    }

    /// The middleware to compose in place of the recorder's: it records as the recorder's does,
    /// and hands each turn to this inspector.
    public var middleware: LiveInspectorMiddleware<Action, State> {
        LiveInspectorMiddleware(recording: travel.recorder.middleware, inspector: self)
    }

    /// How many steps wait to be sent.
    public var bufferedCount: Int {
        lock.withLock { buffer.count }
    }

    /// Starts sending steps and carrying out the page's commands on `store`, the store whose
    /// reducer and middleware ``travel`` wraps. Its state now is the first batch's initial
    /// state, if no turn was noted yet. Does nothing if started before.
    public func start(in store: some StoreType<Action, State>) {
        let state = store.state
        lock.withLock {
            guard !started, !stopped else { return }
            started = true
            // Read before any turn was noted, the state is the one before the first step sent.
            if nextIndex == firstIndex {
                initialState = state
            }
            tasks = [
                Task { [self] in await sendSteps() },
                Task { [self] in await carryOutCommands(in: store) },
            ]
        }
    }

    /// Ends the inspector's tasks and returns once they have ended; steps not sent are dropped,
    /// and later turns are no longer kept. Until then its tasks keep the inspector and the store
    /// alive, as an inspector is meant to live as long as the app.
    ///
    /// - Complexity: O(`capacity`), to let the buffer go.
    public func stop() async {
        let (tasks, waiter) = lock.withLock {
            stopped = true
            buffer = LiveInspectorBuffer(capacity: capacity)
            rejected = []
            defer { self.tasks = []; self.waiter = nil }
            return (self.tasks, self.waiter)
        }
        waiter?.resume()
        for task in tasks {
            task.cancel()
        }
        for task in tasks {
            await task.value
        }
    }

    /// Keeps a turn's step for the next batch: what a turn of the store does with the
    /// inspector. O(1), under the lock; wakes the sending task if it waits.
    func noteTurn(_ action: Action, from source: ActionSource, start: UInt64, end: UInt64, state: State) {
        lock.lock()
        guard !stopped else {
            lock.unlock()
            return
        }
        buffer.append(LiveInspectorBuffer.Turn(index: nextIndex, action: action, source: source, start: start, end: end, state: state))
        nextIndex += 1
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume()
    }

    /// The most rejected commands waiting to be sent back: past it, the oldest go.
    public static var rejectionLimit: Int { 100 }

    /// Notes a command not carried out, to be sent back with the next batch (the last
    /// ``rejectionLimit``), and tells the log.
    ///
    /// - Complexity: O(``rejectionLimit``) when the limit is reached, O(1) otherwise.
    func reject(_ command: LiveInspectorCommand, because reason: String) {
        log("Rex live inspector: command \(command.sequence) not carried out: \(reason)")
        let waiter: CheckedContinuation<Void, Never>? = lock.withLock {
            guard !stopped else { return nil }
            // Bounded as the steps are: a page that sends bad commands while the server takes
            // no batch costs at most this many.
            if rejected.count == Self.rejectionLimit {
                rejected.removeFirst()
            }
            rejected.append(LiveInspectorRejectedCommand(sequence: command.sequence, reason: reason))
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume()
    }

    /// Sends batches, one at a time, until stopped: each is tried again, with backoff, until the
    /// server takes it.
    private func sendSteps() async {
        var backoff = LiveInspectorBackoff()
        while let batch = await nextBatch() {
            let body: Data
            do {
                body = try batch.jsonData()
            } catch {
                log("Rex live inspector: a batch of \(batch.steps.count) steps does not encode, dropped: \(error)")
                continue
            }
            while true {
                do {
                    try await transport.send(batch: body)
                    backoff.reset()
                    break
                } catch {
                    if isStopped { return }
                    log("Rex live inspector: sending failed, trying again: \(error)")
                    do { try await clock.sleep(for: backoff.next()) } catch { return }
                }
            }
        }
    }

    private var isStopped: Bool {
        lock.withLock { stopped }
    }

    /// The next batch to send, once there is one; `nil` once stopped.
    private func nextBatch() async -> LiveInspectorBatch<Action, State>? {
        while true {
            let taken: (turns: [LiveInspectorBuffer<Action, State>.Turn], dropped: Int, initialState: State?, rejected: [LiveInspectorRejectedCommand])? = lock.withLock {
                guard !stopped, buffer.count > 0 || buffer.dropped > 0 || !rejected.isEmpty else { return nil }
                let (turns, dropped) = buffer.take(upTo: batchSize)
                defer { initialState = nil; rejected = [] }
                return (turns, dropped, initialState, rejected)
            }
            if let taken {
                return LiveInspectorBatch(dropped: taken.dropped, initialState: taken.initialState, steps: steps(of: taken.turns), rejectedCommands: taken.rejected)
            }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                lock.lock()
                if stopped || buffer.count > 0 || buffer.dropped > 0 || !rejected.isEmpty {
                    lock.unlock()
                    continuation.resume()
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
            if isStopped { return nil }
        }
    }

    /// The turns as recorded steps, their ticks made dates and durations.
    private func steps(of turns: [LiveInspectorBuffer<Action, State>.Turn]) -> [RecordedStep<Action, State>] {
        let rate = tickClock.nanosecondsPerTick()
        return turns.map { turn in
            RecordedStep(
                index: turn.index,
                action: turn.action,
                source: turn.source,
                time: tickClock.date(turn.start, rate: rate),
                duration: tickClock.duration(from: turn.start, to: turn.end, rate: rate),
                state: turn.state
            )
        }
    }

    /// Asks for the page's commands, one long poll after another, and carries them out in
    /// order on `store`, until stopped; a failed poll is tried again with backoff.
    private func carryOutCommands(in store: some StoreType<Action, State>) async {
        var after = 0
        var backoff = LiveInspectorBackoff()
        while !isStopped {
            let commands: [LiveInspectorCommand]
            do {
                commands = try await transport.commands(after: after)
                backoff.reset()
            } catch {
                if isStopped { return }
                log("Rex live inspector: asking for commands failed, trying again: \(error)")
                do { try await clock.sleep(for: backoff.next()) } catch { return }
                continue
            }
            let new = commands.filter { $0.sequence > after }
            guard !new.isEmpty else {
                // The server holds a poll until a command comes: an answer with none new is its
                // hold ending, or a server that does not hold. A short pause keeps the latter
                // from being asked in a loop, and costs a command at most that much.
                do { try await clock.sleep(for: LiveInspectorBackoff.first) } catch { return }
                continue
            }
            for command in new where !isStopped {
                carryOut(command, in: store)
                after = command.sequence
            }
        }
    }
}
