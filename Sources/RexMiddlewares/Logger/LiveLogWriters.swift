#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import RexCore

/// The log writers alive in the process, so that what they were given is written before the
/// process ends: a program that returns from `main` (or calls `exit`) right after dispatching
/// would otherwise end before the writers' queues had run, and its last log lines would be lost.
/// A writer that goes earlier writes what it holds in its `deinit`.
final class LiveLogWriters: @unchecked Sendable {  // `writers` is guarded by `lock`
    static let shared = LiveLogWriters()

    private let lock = Lock()
    private var writers: [ObjectIdentifier: WeakWriter] = [:]

    private struct WeakWriter {
        weak var writer: LogWriter?
    }

    private init() {
        // Runs when the process exits normally, on the thread that exits.
        atexit {
            LiveLogWriters.shared.flushAll()
        }
    }

    func add(_ writer: LogWriter) {
        lock.withLock { writers[ObjectIdentifier(writer)] = WeakWriter(writer: writer) }
    }

    func remove(_ writer: LogWriter) {
        lock.withLock { writers[ObjectIdentifier(writer)] = nil }
    }

    /// How long a process that exits waits, at most, for every live writer to write what it
    /// holds: so that a logger that fell behind delays the exit by this, not by its backlog.
    static let exitTimeoutSeconds = 1

    /// Writes what every live writer holds, waiting `exitTimeoutSeconds` at most in all, and says on
    /// standard error how many entries were left unwritten, if any were.
    func flushAll() {
        let live = lock.withLock { writers.values.compactMap(\.writer) }
        let deadline = DispatchTime.now() + .seconds(Self.exitTimeoutSeconds)
        for writer in live where !writer.flush(before: deadline) {
            let left = writer.waitingCount
            FileHandle.standardError.write(
                Data("Rex LoggerMiddleware: \(left) log \(left == 1 ? "entry was" : "entries were") not written: the process exited, and the logger waits at most \(Self.exitTimeoutSeconds) s for its backlog.\n".utf8)
            )
        }
    }
}
