import Dispatch
import Foundation

/// Formats and writes log entries on a serial queue of its own, in the order they were given,
/// so that the store's turn only hands over the values to log.
final class LogWriter: Sendable {
    private let queue = DispatchQueue(label: "rex.logger")
    private let output: Output

    init(_ destination: LogDestination) {
        output = Output(destination)
        LiveLogWriters.shared.add(self)
    }

    /// What was logged is written before the writer goes, with the middleware that holds it.
    deinit {
        LiveLogWriters.shared.remove(self)
        queue.sync {}
    }

    /// Formats `entry` and writes it, later, after every entry given before it. An entry that
    /// formats to `nil` writes nothing.
    func write(_ entry: @escaping @Sendable () -> String?) {
        queue.async { [output] in
            if let text = entry() {
                output.write(text)
            }
        }
    }

    /// Returns once every entry given so far is written.
    func flush() {
        queue.sync {}
    }

    /// The destination, with its file handle. Used only on the writer's queue.
    private final class Output: @unchecked Sendable {  // all access is on the writer's serial queue
        private let destination: LogDestination
        private var file: FileHandle?
        private var hasFailed = false

        init(_ destination: LogDestination) {
            self.destination = destination
        }

        func write(_ text: String) {
            switch destination {
            case .standardOutput:
                FileHandle.standardOutput.write(Data(text.utf8))
            case .custom(let write):
                write(text)
            case .file(let path):
                guard !hasFailed else { return }
                do {
                    let handle = try openFile(path)
                    try handle.write(contentsOf: Data(text.utf8))
                } catch {
                    // Said once, on standard error; the store goes on, and later entries are dropped.
                    hasFailed = true
                    FileHandle.standardError.write(
                        Data("Rex LoggerMiddleware: cannot write to \(path): \(error.localizedDescription). Logging to this file stops; the store goes on.\n".utf8)
                    )
                }
            }
        }

        private func openFile(_ path: String) throws -> FileHandle {
            if let file { return file }
            if !FileManager.default.fileExists(atPath: path) {
                guard FileManager.default.createFile(atPath: path, contents: nil) else {
                    throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
                }
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
            file = handle
            return handle
        }
    }
}
