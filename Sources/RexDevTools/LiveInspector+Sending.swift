import Foundation
import RexCore

extension LiveInspector {
    /// The most batches sent one after another, while full ones wait, before the sending task
    /// waits ``latency`` again: so at most `batchesPerWake * batchSize` steps leave each
    /// `latency` (10,000 a second by default), whatever the app's pace.
    public static var batchesPerWake: Int { 10 }

    /// How long the sending task rests for each unit of time it spent reading and encoding steps
    /// in a wake: 9, so that it works at most a tenth of the time, on one thread, however large
    /// the app's state and however fast its turns (a rest is at most ``longestRest``).
    public static var restPerWork: Int { 9 }

    /// The longest rest after a wake's work, whatever that work took: 10 seconds. Its clock
    /// goes on while the system sleeps, so a wake cut by a sleep measures the sleep as work;
    /// and a single batch of very large states may take seconds to encode. Neither stops the
    /// sending for longer than this.
    public static var longestRest: Duration { .seconds(10) }

    /// Sends batches until stopped: waits until there is something to send, then ``latency``
    /// for more, then sends the steps not sent, a batch at a time, one after another while full
    /// batches wait (at most ``batchesPerWake``, and none more once the wake's reading and
    /// encoding took longer than ``latency``), and waits again. A wake's work asks for a rest
    /// (``restPerWork`` times it, at most ``longestRest``): the next wake waits the rest left
    /// after the time spent waiting for steps, or ``latency`` if that is longer. An app that
    /// runs more turns than that sends, for longer than its recorder keeps them, has the oldest
    /// dropped and counted.
    func sendSteps() async {
        var backoff = LiveInspectorBackoff()
        var rest = Duration.zero
        while !isStopped {
            let idle = await clock.measure {
                await signal.wait(unlessAfterwards: { [self] in hasSomethingToSend })
            }
            let pause = max(latency, rest - idle)
            if pause > .zero {
                // Cancelled only by `stop()`, which the loop then sees.
                try? await clock.sleep(for: pause)
            }
            var sent = 0
            var work = Duration.zero
            while sent < Self.batchesPerWake, work <= latency, let (batch, stateBefore) = timed(&work, nextBatch()) {
                guard await send(batch, stateBefore: stateBefore, backoff: &backoff, work: &work) else { return }
                sent += 1
                if batch.steps.count < batchSize {
                    break
                }
            }
            rest = min(work * Self.restPerWork, Self.longestRest)
        }
    }

    /// `value`, made in the call, with the time its making took on ``clock`` added to `work`:
    /// the reading and encoding of steps, not the waits on the server.
    func timed<Value>(_ work: inout Duration, _ value: @autoclosure () throws -> Value) rethrows -> Value {
        var made: Value?
        work += try clock.measure { made = try value() }
        // Set: `measure` returns only after its closure returned.
        return made!
    }

    /// Sends `batch` until the server takes it, with backoff between tries; `false` once
    /// stopped. After a failure it goes again with `stateBefore`, the state before its steps,
    /// for a server that restarted. A batch the server finds too large (413) goes in two
    /// halves; a single step too large is dropped, told to the log, and counted in the next
    /// batch's `dropped`.
    /// The time spent encoding (again, for halves or after a failure) is added to `work`.
    func send(_ batch: LiveInspectorBatch<Action, State>, stateBefore: State?, backoff: inout LiveInspectorBackoff, work: inout Duration) async -> Bool {
        var batch = batch
        var body: Data
        do {
            body = try timed(&work, try batch.jsonData())
        } catch {
            log("Rex live inspector: a batch of \(batch.steps.count) steps does not encode, dropped: \(error)")
            return true
        }
        while true {
            guard !isStopped else { return false }
            do {
                try await transport.send(batch: body)
                backoff.reset()
                return true
            } catch LiveInspectorTransportError.status(413) where batch.steps.count > 1 {
                let (first, second) = batch.halves()
                guard await send(first, stateBefore: stateBefore, backoff: &backoff, work: &work) else { return false }
                return await send(second, stateBefore: first.steps.last?.state, backoff: &backoff, work: &work)
            } catch LiveInspectorTransportError.status(413) {
                log("Rex live inspector: step \(batch.steps.first.map { "\($0.index)" } ?? "") is larger than the server takes (\(body.count) bytes), dropped")
                lock.withLock { droppedUnsent += batch.steps.count }
                return true
            } catch {
                if isStopped { return false }
                noteFailure()
                log("Rex live inspector: sending failed, trying again: \(error)")
                if batch.initialState == nil, let stateBefore, let withState = try? timed(&work, try batch.adding(initialState: stateBefore)) {
                    (batch, body) = withState
                }
                do { try await clock.sleep(for: backoff.next()) } catch { return false }
            }
        }
    }

    /// Notes that the server could not be reached: it may have restarted, so the next batch
    /// with steps carries the state before them.
    func noteFailure() {
        lock.withLock { sendsStateBefore = true }
    }

    /// Whether the recorder has a step not sent yet, or a rejection waits.
    var hasSomethingToSend: Bool {
        let recorded = travel.recorder.recordedCount
        return lock.withLock { recorded > nextIndex || !rejected.isEmpty }
    }

    /// The next batch to send: the steps not sent yet that the recorder keeps (at most
    /// `batchSize`), and the rejections, with the state before its steps; `nil` when there is
    /// none, or once stopped.
    ///
    /// - Complexity: O(`batchSize` + the recorder's `snapshotInterval`) runs of the reducer and
    ///   copies of steps, away from any lock but the recorder's, held while the turns are copied.
    func nextBatch() -> (batch: LiveInspectorBatch<Action, State>, stateBefore: State?)? {
        let first = lock.withLock { nextIndex }
        let read = travel.recorder.read(from: first, limit: batchSize)
        return lock.withLock {
            guard !stopped, read != nil || !rejected.isEmpty else { return nil }
            defer { rejected = [] }
            guard let (stateBefore, steps) = read, let last = steps.last else {
                return (LiveInspectorBatch(dropped: 0, initialState: nil, steps: [], rejectedCommands: rejected), nil)
            }
            defer {
                nextIndex = last.index + 1
                sendsStateBefore = false
                droppedUnsent = 0
            }
            let batch = LiveInspectorBatch(
                dropped: steps[0].index - first + droppedUnsent,
                initialState: sendsStateBefore ? stateBefore : nil,
                steps: steps,
                rejectedCommands: rejected
            )
            return (batch, stateBefore)
        }
    }
}
