import Dispatch
import Foundation
import RexCore

/// The moving parts of a ``PersistenceMiddleware``, behind its ``PersistenceSaver``: the check
/// that a turn arms, what was written, and the one queue every read and write of the storage runs
/// on (so that two writes never run at once, and none runs on a store's turn).
///
/// A turn costs an atomic increment and load: when no check is armed, the turn arms one. The
/// check reads the part `debounce` later, off the turn: unchanged since the turn that armed it,
/// and not what the storage holds, it is saved; changed, the check waits again. The check ends
/// after a wait during which no turn ran, with the part as the storage holds it. (A turn longer
/// than `debounce` that changes the part may then end after the check: its change is saved by the
/// next turn's check, by `flush()`, or when the middleware goes.)
final class SaverCore<Action: Sendable, State, Part: Codable & Equatable & Sendable>: @unchecked Sendable {
    // Every `var` is guarded by `lock`.
    let storage: any PersistenceStorage
    let format: PersistenceFormat<Part>
    let clock: any Clock<Duration>
    let debounce: Duration
    let retryAfter: Duration
    let part: KeyPath<State, Part> & Sendable
    /// The app's action for each event.
    let eventAction: @Sendable (PersistenceEvent<Part>) -> Action?
    /// Runs every read and write of the storage, one at a time.
    let queue = DispatchQueue(label: "Rex.PersistenceMiddleware")
    /// Marks `queue`, so that `saveNow` can tell it already runs there.
    private let queueKey = DispatchSpecificKey<Bool>()
    /// Not started, idle or armed: read on every turn.
    let check = SaveCheckState()
    /// Set when the middleware is gone: a check under way ends.
    private var isFinished = false

    private let lock = Lock()
    /// Reads the store's state: kept from the first turn.
    private var getState: GetState<State>?
    /// Where events go: the store's output, kept from the first turn (it holds the store weakly).
    private var output: AnyActionHandler<Action>?
    /// What the storage holds, as far as the saver knows; `nil` when unknown or nothing.
    private var written: Part?
    /// Whether the storage was read (at launch or by the load action): before, nothing is
    /// saved, so that a default state never replaces what was saved.
    private var hasRead = false
    /// Why the storage must not be written over (it holds a newer version's data, or data that
    /// could be neither read nor set aside); `nil` when it may be. Each save is then reported as
    /// failed, with this reason.
    private var refusal: String?
    /// Events found before the store could be told (the launch's read): sent at the first turn.
    private var untold: [PersistenceEvent<Part>] = []

    init(
        storage: any PersistenceStorage,
        format: PersistenceFormat<Part>,
        clock: any Clock<Duration>,
        debounce: Duration,
        retryAfter: Duration,
        part: KeyPath<State, Part> & Sendable,
        report: @escaping @Sendable (PersistenceEvent<Part>) -> Action?
    ) {
        self.storage = storage
        self.format = format
        self.clock = clock
        self.debounce = debounce
        self.retryAfter = retryAfter
        self.part = part
        eventAction = report
        queue.setSpecific(key: queueKey, value: true)
        LivePersistenceSavers.shared.add(self)
    }

    /// The middleware is gone: saves what the state holds, here, and stops checking.
    func finish() {
        LivePersistenceSavers.shared.remove(self)
        lock.withLock { isFinished = true }
        saveNow()
    }

    // MARK: Turns

    /// The first turn: keeps the getter and the output, tells what the launch found, and arms a
    /// check.
    func start(getState: @escaping GetState<State>, output: AnyActionHandler<Action>) {
        let events: [PersistenceEvent<Part>] = lock.withLock {
            guard self.getState == nil else { return [] }
            self.getState = getState
            self.output = output
            defer { untold = [] }
            return untold
        }
        for event in events {
            send(event, to: output)
        }
        if check.move(from: SaveCheckState.notStarted, to: SaveCheckState.idle) {
            turnEnded()
        }
    }

    /// After a turn: arms a check, unless one is armed.
    func turnEnded() {
        guard check.value == SaveCheckState.idle, check.move(from: SaveCheckState.idle, to: SaveCheckState.armed) else { return }
        startChecking()
    }

    /// Starts the check a turn armed. A function of its own: compiled for any `Part`, a local
    /// `Part?` costs a metadata lookup on entry, which the turns that find a check armed skip.
    @inline(never)
    private func startChecking() {
        let sample = currentPart()
        Task.detached { [self] in await checkUntilSaved(since: sample) }
    }

    /// The part in the store's state now; `nil` before the first turn.
    private func currentPart() -> Part? {
        lock.withLock { getState }.map { $0()[keyPath: part] }
    }

    // MARK: The check

    /// Waits `debounce`, reads the part, and saves it once it stayed the same for a wait; on a
    /// failure, tries again after `retryAfter`, or sooner if the part changes: it looks at the
    /// part every `debounce` meanwhile (with no debounce, it waits the whole `retryAfter`). Ends
    /// when nothing is left to save after a wait without turns, or when the middleware is gone
    /// (which saved what was left).
    private func checkUntilSaved(since sample: Part?) async {
        var sample = sample
        var turns = check.turns
        var wait = debounce
        /// After a failed save: what failed, and the time since, on `clock`.
        var retry: (part: Part, elapsed: () -> Duration)?
        while true {
            do {
                try await clock.sleep(for: wait)
            } catch {
                disarm()
                return
            }
            guard !lock.withLock({ isFinished }) else { return }
            if let failed = retry {
                let left = retryAfter - failed.elapsed()
                if left > .zero, currentPart() == failed.part {
                    wait = min(debounce > .zero ? debounce : left, left)
                    continue
                }
                // Time to try again, or the part changed: checked as any change is.
                retry = nil
            }
            guard let next = await checkOnce(since: &sample, turns: &turns) else { return }
            switch next {
            case .wait(let duration):
                wait = duration
            case .retry(let failed):
                // Opened from a local: the stored existential is not opened in place.
                let clock: any Clock<Duration> = self.clock
                retry = (failed, Self.stopwatch(on: clock))
                wait = min(debounce > .zero ? debounce : retryAfter, retryAfter)
            }
        }
    }

    /// The time since now on `clock`, each time it is called.
    private static func stopwatch<C: Clock>(on clock: C) -> () -> Duration where C.Duration == Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    /// What a check does next.
    private enum NextCheck {
        /// Looks again after this wait.
        case wait(Duration)
        /// Tries this part again, after `retryAfter` or once the part changes.
        case retry(Part)
    }

    /// One check: returns what to do next, or `nil` when the check ends.
    private func checkOnce(since sample: inout Part?, turns: inout Int) async -> NextCheck? {
        let turnsNow = check.turns
        guard let now = currentPart() else {
            disarm()
            return nil
        }
        if !needsSaving(now) {
            guard turnsNow == turns else {
                // Turns ran during the wait: one may not have committed yet. Look again later.
                turns = turnsNow
                return .wait(debounce)
            }
            // Disarm, then count again: a turn that read `armed` counted itself before reading.
            disarm()
            guard check.turns != turnsNow, check.move(from: SaveCheckState.idle, to: SaveCheckState.armed) else { return nil }
            turns = check.turns
            sample = currentPart()
            return .wait(debounce)
        }
        turns = turnsNow
        guard now == sample else {
            sample = now
            return .wait(debounce)
        }
        let saved = await withCheckedContinuation { continuation in
            queue.async { [self] in continuation.resume(returning: save(now)) }
        }
        return saved ? .wait(debounce) : .retry(now)
    }

    private func disarm() {
        _ = check.move(from: SaveCheckState.armed, to: SaveCheckState.idle)
    }

    /// Whether `part` should be written: the storage was read, and `part` differs from what it
    /// holds. (Where writing is refused, the save is tried, and reported as failed.)
    private func needsSaving(_ part: Part) -> Bool {
        lock.withLock { hasRead && written != part }
    }

    // MARK: Saving

    /// Saves the part now, if it needs it, and waits until it is written (with any write under way).
    func flush() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { [self] in
                saveCurrent()
                continuation.resume()
            }
        }
    }

    /// Saves the part now, on the caller's thread: for the middleware going and the process's
    /// exit. The middleware can go on the queue itself (an event's action, dispatched from there,
    /// holds the store for its turn; if the app let go of the store meanwhile, the store, its
    /// middleware and this call go with that turn): then the queue cannot wait for itself.
    func saveNow() {
        if DispatchQueue.getSpecific(key: queueKey) == true {
            saveCurrent()
        } else {
            queue.sync { saveCurrent() }
        }
    }

    /// Saves the store's part if it needs it; on the queue.
    private func saveCurrent() {
        if let part = currentPart(), needsSaving(part) {
            save(part)
        }
    }

    /// Writes `part` and reports how it went; on the queue. Returns whether it was written.
    @discardableResult
    private func save(_ part: Part) -> Bool {
        guard needsSaving(part) else { return true }
        if let refusal = lock.withLock({ refusal }) {
            tell(.saveFailed(reason: refusal, retryIn: retryAfter))
            return false
        }
        let start = ContinuousClock.now
        do {
            let data = try format.encode(part)
            let staged = try storage.stage(data)
            do {
                try storage.commit(staged)
            } catch {
                storage.discard(staged)
                throw error
            }
            lock.withLock { written = part }
            tell(.saved(part, bytes: data.count, duration: ContinuousClock.now - start))
            return true
        } catch {
            tell(.saveFailed(reason: String(describing: error), retryIn: retryAfter))
            return false
        }
    }

    // MARK: Reading

    /// Reads the storage now, on the caller's thread: the part saved, or `nil`. What went wrong
    /// is kept, to be reported at the store's first turn.
    func readAtLaunch(default part: Part) -> Part? {
        let (found, event) = queue.sync { read(current: part) }
        if let event {
            lock.withLock { untold.append(event) }
        }
        return found
    }

    /// Reads the storage in the background and reports `.loaded` (or what went wrong); `current`
    /// is the part when the load was asked for.
    func load(to output: AnyActionHandler<Action>, current: Part) {
        queue.async { [self] in
            let (found, event) = read(current: current)
            send(event ?? .loaded(found), to: output)
        }
    }

    /// Reads and decodes the storage; on the queue. Unreadable data is set aside. When nothing
    /// usable was saved, the app goes on with `current`, which counts as saved: it is written
    /// once it changes, not at once (an app's default state needs no file).
    private func read(current: Part) -> (Part?, PersistenceEvent<Part>?) {
        let reading: PersistenceFormat<Part>.Reading
        do {
            guard let data = try storage.read() else {
                lock.withLock {
                    hasRead = true
                    written = current
                }
                return (nil, nil)
            }
            reading = format.decode(data)
        } catch {
            // Could not even be read (no permission, a directory in its place): set aside as
            // undecodable data is.
            return setAside(current: current, reason: String(describing: error))
        }
        switch reading {
        case .part(let part):
            lock.withLock {
                hasRead = true
                written = part
            }
            return (part, nil)
        case .newer(let found):
            refuseWrites(current: current, because: "the saved data is from a newer version (\(found); this one reads up to \(format.version)), and is not written over")
            return (nil, .newerVersion(found: found, supported: format.version))
        case .unreadable(let reason):
            return setAside(current: current, reason: reason)
        }
    }

    /// Sets what could not be read aside; the app goes on with `current`. When it cannot be set
    /// aside, it stays, and is not written over.
    private func setAside(current: Part, reason: String) -> (Part?, PersistenceEvent<Part>?) {
        do {
            let keptAs = try storage.setAside()
            lock.withLock {
                hasRead = true
                written = current
                refusal = nil
            }
            return (nil, .unreadable(reason: reason, keptAs: keptAs))
        } catch {
            refuseWrites(current: current, because: "the saved data could not be read (\(reason)) nor set aside (\(error)), and is not written over")
            return (nil, .unreadable(reason: reason, keptAs: nil))
        }
    }

    /// The app goes on with `current`; every save of a change is reported as failed, for `reason`.
    private func refuseWrites(current: Part, because reason: String) {
        lock.withLock {
            hasRead = true
            written = current
            refusal = reason
        }
    }

    // MARK: Events

    /// Sends an event to the store, once there is one to send it to.
    private func tell(_ event: PersistenceEvent<Part>) {
        let storeOutput: AnyActionHandler<Action>? = lock.withLock {
            if output == nil { untold.append(event) }
            return output
        }
        if let storeOutput {
            send(event, to: storeOutput)
        }
    }

    private func send(_ event: PersistenceEvent<Part>, to output: AnyActionHandler<Action>) {
        if let action = eventAction(event) {
            output.dispatch(action)
        }
    }
}
