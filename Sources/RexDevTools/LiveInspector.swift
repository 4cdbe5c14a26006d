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
/// Or make the store, its recorder, traveller and inspector in one line, with the store
/// initializer this module adds: `ReduxStoreBase(initialState:reducer:middleware:liveInspectorToken:)`.
///
/// A turn never waits on the network, nor copies anything for it: the steps to send are the
/// recorder's, and a turn only notes its own, as the recorder does, and wakes the sending task
/// if it waits (one lock). Woken, that task waits `latency` (0.1 s) for more, then reads the
/// steps not sent yet from the recorder, `batchSize` (100) at a time, and sends them, one batch
/// after another while full ones wait, at most ``batchesPerWake`` (10), then waits `latency`
/// again: at most 10,000 steps leave each second by default, whatever the app's pace. And it
/// works at most a tenth of the time: a wake's reading and encoding asks for a rest
/// ``restPerWork`` (9) times as long (at most ``longestRest``, 10 s), and a wake whose work
/// took longer than `latency` (a large state, encoded for each step) sends no more batches.
/// So sending costs the app's threads little, whatever the state's size. Steps the recorder no
/// longer keeps when their turn to be sent comes (more than its `capacity` behind) are dropped,
/// and the next batch says how many. Another task long-polls the page's commands. A server that
/// fails or goes away costs the app nothing but tries: the inspector tries again with backoff
/// (0.1 s doubling to 5 s, on `clock`), sends on once the server is back, with the state before
/// the next steps (the server may have restarted); a batch the server finds too large goes in
/// halves. A poll answered with no new command is asked again after 0.1 s. ``stop()`` ends both
/// tasks. The wire protocol is in `Docs/LiveInspectorProtocol.md`.
//
// Invariant: `lock` guards every `var`. Only the sending task changes `nextIndex` (and reads
// the steps after it). The sending task waits on `signal` unless, once its wait is set up, it
// finds something to send (so that no turn's notification is lost).
public final class LiveInspector<Action: Codable & Sendable, State: Codable & Sendable>: @unchecked Sendable {
    // @unchecked: every `var` is guarded by `lock`; the `let`s are Sendable.
    /// The traveller that carries out the page's jumps; its recorder keeps the steps to send.
    public let travel: TimeTravel<Action, State>
    /// How the inspector reaches the server.
    public let transport: any LiveInspectorTransport
    /// The most steps in one batch.
    public let batchSize: Int
    /// How long the sending task, woken, waits for more steps before it sends, and again after
    /// ``batchesPerWake`` batches sent one after another: the shortest of its waits (a wake's
    /// work may ask for a longer rest; see ``restPerWork``).
    public let latency: Duration
    let clock: any Clock<Duration>
    let log: @Sendable (String) -> Void
    /// Wakes the sending task: notified by each turn, and by a rejection.
    @usableFromInline let signal = LiveInspectorSignal()

    let lock = Lock()
    /// The index of the next step to send: at first, the recorder's count when the inspector
    /// was made.
    var nextIndex: Int
    /// Whether the next batch with steps carries the state before its first step: the first
    /// does, and the first after any failure to reach the server (which may have restarted and
    /// lost it).
    var sendsStateBefore = true
    /// Steps read and not sent (each larger than the server takes), to be counted as dropped in
    /// the next batch.
    var droppedUnsent = 0
    var rejected: [LiveInspectorRejectedCommand] = []
    private var tasks: [Task<Void, Never>] = []
    private var started = false
    var stopped = false

    /// An inspector that sends `travel`'s recorder's steps through `transport`.
    ///
    /// - Parameters:
    ///   - travel: The traveller wrapping the store; its recorder keeps the steps until they are
    ///     sent (its `capacity` bounds how far behind sending may fall).
    ///   - transport: The way to the server.
    ///   - batchSize: The most steps in one request (100 by default).
    ///   - latency: How long, at least, the sending task, woken, waits on `clock` for more steps
    ///     before it sends (0.1 s by default): an app that dispatches many actions a second
    ///     wakes it once a batch, not once a turn.
    ///   - clock: The clock of the sending task's waits (`latency`, its rests, and backoff
    ///     between tries), of the pause after a poll with no new command, and by which the
    ///     sending task times its work (a test gives a `TestClock`, on which no time passes
    ///     while it works: it never rests longer than `latency`).
    ///   - log: Where failures and rejected commands are told (standard error by default).
    public init(
        travel: TimeTravel<Action, State>,
        transport: any LiveInspectorTransport,
        batchSize: Int = 100,
        latency: Duration = .milliseconds(100),
        clock: any Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void = LiveInspectorLog.standardError
    ) {
        self.travel = travel
        self.transport = transport
        self.batchSize = max(batchSize, 1)
        self.latency = latency
        self.clock = clock
        self.log = log
        nextIndex = travel.recorder.recordedCount
    }

    /// An inspector that sends `travel`'s recorder's steps over HTTP to the server at `server`
    /// (this machine, port 7420, by default), presenting `token`, the one the server printed.
    public convenience init(
        travel: TimeTravel<Action, State>,
        token: String,
        server: URL = URLSessionLiveInspectorTransport.defaultServer,
        sessionID: String = UUID().uuidString
    ) {
        let transport = URLSessionLiveInspectorTransport(server: server, sessionID: sessionID, token: token)
        self.init(travel: travel, transport: transport)
    }

    /// The middleware to compose in place of the recorder's: the recorder's middleware, which
    /// also wakes this inspector's sending task as each turn ends.
    @inlinable
    public var middleware: RecorderMiddleware<Action, State> {
        RecorderMiddleware(recorder: travel.recorder, notifying: signal)
    }

    /// How many steps wait to be sent: those the recorder ended and still keeps, from the next
    /// to send; 0 once stopped.
    public var unsentStepCount: Int {
        let recorded = travel.recorder.recordedCount
        return lock.withLock {
            stopped ? 0 : max(0, recorded - max(nextIndex, recorded - travel.recorder.capacity))
        }
    }

    /// Starts sending steps and carrying out the page's commands on `store`, the store whose
    /// reducer and middleware ``travel`` wraps. Does nothing if started before, or stopped.
    public func start(in store: some StoreType<Action, State>) {
        lock.withLock {
            guard !started, !stopped else { return }
            started = true
            tasks = [
                Task { [self] in await sendSteps() },
                Task { [self] in await carryOutCommands(in: store) },
            ]
        }
    }

    /// Ends the inspector's tasks and returns once they have ended: a send or poll under way is
    /// cancelled (with a transport that does not stop on cancellation, its answer is ignored),
    /// and no batch is sent after. Until then its tasks keep the inspector and the store alive,
    /// as an inspector is meant to live as long as the app.
    public func stop() async {
        let tasks = lock.withLock {
            stopped = true
            rejected = []
            defer { self.tasks = [] }
            return self.tasks
        }
        signal.stop()
        for task in tasks {
            task.cancel()
        }
        for task in tasks {
            await task.value
        }
    }

    /// The most rejected commands waiting to be sent back: past it, the oldest go.
    public static var rejectionLimit: Int { 100 }

    /// Notes a command not carried out, to be sent back with the next batch (the last
    /// ``rejectionLimit``), and tells the log.
    ///
    /// - Complexity: O(``rejectionLimit``) when the limit is reached, O(1) otherwise.
    func reject(_ command: LiveInspectorCommand, because reason: String) {
        log("Rex live inspector: command \(command.sequence) not carried out: \(reason)")
        lock.withLock {
            guard !stopped else { return }
            // Bounded: a page that sends bad commands while the server takes no batch costs at
            // most this many.
            if rejected.count == Self.rejectionLimit {
                rejected.removeFirst()
            }
            rejected.append(LiveInspectorRejectedCommand(sequence: command.sequence, reason: reason))
        }
        signal.notify()
    }

    var isStopped: Bool {
        lock.withLock { stopped }
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
                noteFailure()
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
