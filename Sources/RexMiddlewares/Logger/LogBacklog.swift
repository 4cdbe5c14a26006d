import Foundation
import RexCore

/// How many log entries wait to be written, bounded: the policy that keeps a logger that falls
/// behind (a slow destination, a state whose diff is slow to write) from holding every state it
/// was given, and a process from spending minutes writing them when it exits.
///
/// At most `limit` entries wait; an entry given while `limit` wait is dropped and counted, and
/// the next entry that is written says how many were dropped before it.
final class LogBacklog: @unchecked Sendable {  // `waiting` and `dropped` are guarded by `lock`
    private let lock = Lock()
    private var waiting = 0
    private var dropped = 0
    let limit: Int

    init(limit: Int) {
        precondition(limit > 0, "LoggerMiddleware: maximumBacklog must be at least 1")
        self.limit = limit
    }

    /// Takes an entry in, unless `limit` wait: returns whether it was, and how many entries were
    /// dropped since the last one taken in (which the entry's text then says).
    func admit() -> (admitted: Bool, droppedBefore: Int) {
        lock.withLock {
            guard waiting < limit else {
                dropped += 1
                return (false, 0)
            }
            waiting += 1
            defer { dropped = 0 }
            return (true, dropped)
        }
    }

    /// How many entries wait.
    var waitingCount: Int {
        lock.withLock { waiting }
    }

    /// Notes that an entry taken in was written.
    func finished() {
        lock.withLock { waiting -= 1 }
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
