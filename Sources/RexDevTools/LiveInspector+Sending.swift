import Foundation
import RexCore

extension LiveInspector {
    /// The most batches sent one after another, while full ones wait, before the sending task
    /// waits ``latency`` again: so at most `batchesPerWake * batchSize` steps leave each
    /// `latency` (10,000 a second by default), whatever the app's pace.
    public static var batchesPerWake: Int { 10 }

    /// Sends batches until stopped: waits until there is something to send, then ``latency``
    /// for more, then sends the steps not sent, a batch at a time, one after another while full
    /// batches wait (at most ``batchesPerWake``), and waits again. An app that runs more turns
    /// than that, for longer than its recorder keeps them, has the oldest dropped and counted.
    func sendSteps() async {
        var backoff = LiveInspectorBackoff()
        while !isStopped {
            await signal.wait(unlessAfterwards: { [self] in hasSomethingToSend })
            if latency > .zero {
                // Cancelled only by `stop()`, which the loop then sees.
                try? await clock.sleep(for: latency)
            }
            var sent = 0
            while sent < Self.batchesPerWake, let (batch, stateBefore) = nextBatch() {
                guard await send(batch, stateBefore: stateBefore, backoff: &backoff) else { return }
                sent += 1
                if batch.steps.count < batchSize {
                    break
                }
            }
        }
    }

    /// Sends `batch` until the server takes it, with backoff between tries; `false` once
    /// stopped. After a failure it goes again with `stateBefore`, the state before its steps,
    /// for a server that restarted. A batch the server finds too large (413) goes in two
    /// halves; a single step too large is dropped, told to the log, and counted in the next
    /// batch's `dropped`.
    func send(_ batch: LiveInspectorBatch<Action, State>, stateBefore: State?, backoff: inout LiveInspectorBackoff) async -> Bool {
        var batch = batch
        var body: Data
        do {
            body = try batch.jsonData()
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
                guard await send(first, stateBefore: stateBefore, backoff: &backoff) else { return false }
                return await send(second, stateBefore: first.steps.last?.state, backoff: &backoff)
            } catch LiveInspectorTransportError.status(413) {
                log("Rex live inspector: step \(batch.steps.first.map { "\($0.index)" } ?? "") is larger than the server takes (\(body.count) bytes), dropped")
                lock.withLock { droppedUnsent += batch.steps.count }
                return true
            } catch {
                if isStopped { return false }
                noteFailure()
                log("Rex live inspector: sending failed, trying again: \(error)")
                if batch.initialState == nil, let stateBefore, let withState = try? batch.adding(initialState: stateBefore) {
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
