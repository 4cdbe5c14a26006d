import Dispatch
import Foundation

/// Formats and writes log entries on a serial queue of its own, in the order they were given,
/// so that the store's turn only hands over the values to log.
///
/// Entries wait in a ``LogBacklog``, which the queue takes in batches: a drain takes all that
/// wait, writes them, and runs again if more came meanwhile. A file or standard output is
/// written at the end of each batch (or when 64 KiB have gathered): entries formatted while
/// others wait are written together, and whenever the writer is idle, everything it was given
/// is written.
final class LogWriter: Sendable {
    private let queue = DispatchQueue(label: "rex.logger")
    private let output: Output
    private let backlog: LogBacklog

    init(_ destination: LogDestination, maximumBacklog: Int) {
        output = Output(destination)
        backlog = LogBacklog(limit: maximumBacklog)
        LiveLogWriters.shared.add(self)
    }

    /// What was logged is written before the writer goes, with the middleware that holds it.
    deinit {
        LiveLogWriters.shared.remove(self)
        // As a flush: a drain queued after this would write its batch only once the writer is
        // gone.
        queue.sync { [output, backlog] in
            Self.writeWaiting(backlog, to: output)
        }
    }

    /// Formats `entry` and writes it, later, after every entry given before it. An entry that
    /// formats to `nil` writes nothing. Dropped when `maximumBacklog` entries wait already
    /// (see ``LogBacklog``).
    func write(_ entry: @escaping @Sendable () -> String?) {
        // The entry that finds the writer idle starts a drain; a drain going on takes the others.
        if backlog.admit(entry) {
            Self.drainLater(on: queue, to: output, backlog)
        }
    }

    /// Runs a drain on `queue`, after what it holds already. (It holds the writer's parts, not
    /// the writer: the last reference to a writer must not go on its own queue, whose `deinit`
    /// waits for that queue.)
    private static func drainLater(on queue: DispatchQueue, to output: Output, _ backlog: LogBacklog) {
        queue.async {
            drain(on: queue, to: output, backlog)
        }
    }

    /// Writes the entries that wait, in one batch, and runs again later if more came meanwhile
    /// (after a flush queued in between, which so waits for no entry given after it).
    /// On the writer's queue.
    private static func drain(on queue: DispatchQueue, to output: Output, _ backlog: LogBacklog) {
        writeBatch(backlog.takeAll(), to: output, backlog)
        if backlog.isDrainingOn() {
            drainLater(on: queue, to: output, backlog)
        }
    }

    /// Writes `batch`, entries taken from `backlog`, to `output`: to a file or standard output
    /// in one write, at its end. An entry counts as written (``LogBacklog/finished(_:)``) once
    /// its text is out, not while it waits in `output`'s buffer: what a process that exits says
    /// it did not write includes it. On the writer's queue.
    private static func writeBatch(_ batch: [LogBacklog.Entry], to output: Output, _ backlog: LogBacklog) {
        var buffered = 0
        for entry in batch {
            if entry.droppedBefore > 0 {
                output.write(LogBacklog.droppedLine(entry.droppedBefore))
            }
            if let text = entry.text() {
                output.write(text)
            }
            buffered += 1
            if output.isWritten {
                backlog.finished(buffered)
                buffered = 0
            }
        }
        output.emit()
        backlog.finished(buffered)
    }

    /// Returns once every entry given so far is written, and says how many were dropped after
    /// the last one written.
    func flush() {
        queue.sync { [output, backlog] in
            Self.writeWaiting(backlog, to: output)
        }
    }

    /// Returns once every entry given so far is written, or at `deadline`, and returns whether
    /// they were: what a process that exits waits, at most.
    func flush(before deadline: DispatchTime) -> Bool {
        let written = DispatchSemaphore(value: 0)
        queue.async { [output, backlog] in
            Self.writeWaiting(backlog, to: output)
            written.signal()
        }
        return written.wait(timeout: deadline) == .success
    }

    /// How many entries wait to be written.
    var waitingCount: Int {
        backlog.waitingCount
    }

    /// Writes the entries that wait (a flush's: those given before it, and any that came since),
    /// then how many were dropped since the last one taken in, if any were. On the writer's queue.
    private static func writeWaiting(_ backlog: LogBacklog, to output: Output) {
        writeBatch(backlog.takeAll(), to: output, backlog)
        let dropped = backlog.takeDropped()
        if dropped > 0 {
            output.write(LogBacklog.droppedLine(dropped))
        }
        output.emit()
    }

    /// The destination, with its open file. Used only on the writer's queue.
    private final class Output: @unchecked Sendable {  // all access is on the writer's serial queue
        private let destination: LogDestination
        private var file: Int32?
        private var hasFailed = false
        /// Text formatted and not written yet (not for a custom destination, which takes each
        /// entry as it comes).
        private var pending = ""
        /// How much text gathers before it is written (the entry that passes it is written with it).
        private static let pendingLimit = 1 << 16

        init(_ destination: LogDestination) {
            self.destination = destination
        }

        deinit {
            emit()
            if let file { close(file) }
        }

        /// Whether all the text given is written: none waits for ``emit()``.
        var isWritten: Bool {
            pending.isEmpty
        }

        /// Writes `text` to a custom destination; gathers it for ``emit()`` otherwise.
        func write(_ text: String) {
            if case .custom(let write) = destination {
                return write(text)
            }
            pending += text
            if pending.utf8.count >= Self.pendingLimit { emit() }
        }

        /// Writes the text gathered since the last time.
        func emit() {
            guard !pending.isEmpty else { return }
            defer {
                // Room kept for the next batch, unless a long entry made it large.
                pending.removeAll(keepingCapacity: pending.utf8.count <= 2 * Self.pendingLimit)
            }
            switch destination {
            case .standardOutput:
                // As `print`, a standard output that cannot be written drops the text.
                try? Self.write(&pending, to: STDOUT_FILENO)
            case .custom:
                break  // each entry was handed over as it came
            case .file(let path):
                guard !hasFailed else { return }
                do {
                    try Self.write(&pending, to: try openFile(path))
                } catch {
                    // Said once, on standard error; the store goes on, and later entries are dropped.
                    hasFailed = true
                    FileHandle.standardError.write(
                        Data("Rex LoggerMiddleware: cannot write to \(path): \(Self.reason(error, path: path)). Logging to this file stops; the store goes on.\n".utf8)
                    )
                }
            }
        }

        /// Writes the text's bytes where they are (a `Data` of them was a copy and an allocation
        /// a write).
        private static func write(_ text: inout String, to descriptor: Int32) throws {
            try text.withUTF8 { bytes in try writeAll(UnsafeRawBufferPointer(bytes), to: descriptor) }
        }

        /// Opens the file to append to it, making it and its folder when they are missing.
        private func openFile(_ path: String) throws -> Int32 {
            if let file { return file }
            let url = URL(fileURLWithPath: path)
            // Where the folder cannot be made, opening the file says why.
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            file = descriptor
            return descriptor
        }

        /// Why `path` cannot be written, as a person can act on it: `permission denied: /logs`,
        /// `not a folder: /data/blocker` (the first file in the way of the path).
        static func reason(_ error: any Error, path: String) -> String {
            let failure = FileStorageError(error, path: path)
            guard failure.cause == .notAFolder else { return failure.description }
            var ancestor = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
            var isDirectory: ObjCBool = false
            while ancestor.path != "/", !(FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) && !isDirectory.boolValue) {
                // Each step must shorten the path (a `..` could make one that does not).
                let parent = ancestor.deletingLastPathComponent()
                guard parent.path.count < ancestor.path.count else { break }
                ancestor = parent
            }
            return FileStorageError(error, path: ancestor.path == "/" ? path : ancestor.path).description
        }
    }
}
