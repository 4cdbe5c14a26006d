import Foundation
import RexCore

/// The log entries waiting to be written, bounded: the policy that keeps a logger that falls
/// behind (a slow destination, a state whose diff is slow to write) from holding every state it
/// was given, and a process from spending minutes writing them when it exits.
///
/// At most `limit` entries wait; an entry given while `limit` wait is dropped and counted, and
/// the next entry that is written says how many were dropped before it.
///
/// The writer's queue takes the waiting entries in batches (``takeAll()``): a writer that is
/// behind takes all that wait at once, and an idle writer is started by the entry that comes
/// (``admit(_:)`` says when). An entry costs a lock on each side, where a dispatch of its own
/// cost an allocation, a queue's atomics and, for a writer that had caught up, a wake-up.
final class LogBacklog: @unchecked Sendable {  // `entries`, `taken`, `dropped` and `isDraining` are guarded by `lock`
    /// An entry: how many entries were dropped just before it, and what makes its text.
    struct Entry {
        let droppedBefore: Int
        let text: @Sendable () -> String?
    }

    private let lock = Lock()
    private var entries: [Entry] = []
    /// Entries taken by the writer and not written yet (formatted and waiting in its buffer, too).
    private var taken = 0
    private var dropped = 0
    /// Whether the writer's queue has a drain to run or running: from the entry that found it
    /// idle to the drain after which none waits (``isDrainingOn()``).
    private var isDraining = false
    let limit: Int

    init(limit: Int) {
        precondition(limit > 0, "LoggerMiddleware: maximumBacklog must be at least 1")
        self.limit = limit
    }

    /// Takes an entry in, unless `limit` wait (then it is dropped and counted). Returns whether
    /// the entry was taken in while the writer was idle: the caller then starts a drain, which
    /// takes all that waits. (A dropped entry, or one that a drain running will take, `false`.)
    func admit(_ text: @escaping @Sendable () -> String?) -> Bool {
        lock.withLock {
            guard entries.count + taken < limit else {
                dropped += 1
                return false
            }
            entries.append(Entry(droppedBefore: dropped, text: text))
            dropped = 0
            guard !isDraining else { return false }
            isDraining = true
            return true
        }
    }

    /// All the entries that wait, taken to be written (none, when none waits).
    func takeAll() -> [Entry] {
        lock.withLock {
            let batch = entries
            entries = []
            taken += batch.count
            return batch
        }
    }

    /// Whether entries wait for the drain that just wrote a batch: then it runs again; if none
    /// does, the writer is idle from now on, and the next entry starts it.
    func isDrainingOn() -> Bool {
        lock.withLock {
            isDraining = !entries.isEmpty
            return isDraining
        }
    }

    /// Notes that `count` entries taken were written.
    func finished(_ count: Int) {
        guard count > 0 else { return }
        lock.withLock { taken -= count }
    }

    /// How many entries wait, counting those taken and not written yet.
    var waitingCount: Int {
        lock.withLock { entries.count + taken }
    }

    /// The entries dropped since the last one taken in, counted as reported.
    func takeDropped() -> Int {
        lock.withLock {
            defer { dropped = 0 }
            return dropped
        }
    }

    /// The line that says `count` entries were dropped.
    static func droppedLine(_ count: Int) -> String {
        "… \(count) log \(count == 1 ? "entry" : "entries") dropped: the logger fell behind (more than its maximumBacklog waited to be written)\n"
    }
}
