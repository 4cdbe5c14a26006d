#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation

/// What a child process wrote and how it ended.
public struct ChildProcessResult: Sendable {
    /// The exit status, or the signal's number when `signaled`.
    public let status: Int32
    /// Whether a signal ended the process.
    public let signaled: Bool
    /// Everything it wrote on standard output.
    public let standardOutput: String
    /// Everything it wrote on standard error.
    public let standardError: String
}

/// Runs the package's own executables as child processes, as a user runs them, with their
/// output piped.
public enum ChildProcess {
    /// The executable product `name`, built beside the test binary (`swift test` builds the
    /// executables the test targets depend on).
    public static func builtProduct(_ name: String) throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
    }

    /// Runs `executable` with `arguments` in `directory` (the current one by default), writes
    /// `input` to its standard input and closes it, and returns once it has ended: waiting on a
    /// thread of its own (see ``onOwnThread(_:)``), not on one of the tasks' threads.
    public static func run(
        _ executable: URL,
        arguments: [String] = [],
        input: String = "",
        in directory: URL? = nil
    ) async throws -> ChildProcessResult {
        try await onOwnThread { try runWaiting(executable, arguments: arguments, input: input, in: directory) }
    }

    /// ``run(_:arguments:input:in:)``, waiting on the calling thread.
    public static func runWaiting(
        _ executable: URL,
        arguments: [String] = [],
        input: String = "",
        in directory: URL? = nil
    ) throws -> ChildProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // A child that ends without reading its input (`--help`) closes the pipe: the write then
        // fails, where it would have ended the test process with SIGPIPE.
        _ = ignoreBrokenPipes
        try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        // Both pipes are read at once, so that a child filling one while we wait on the other
        // cannot block.
        let errors = ReadAll(stderr.fileHandleForReading)
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ChildProcessResult(
            status: process.terminationStatus,
            signaled: process.terminationReason == .uncaughtSignal,
            standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: errors.wait(), as: UTF8.self)
        )
    }
}

/// Makes writing to a pipe whose reader is gone fail with an error (`EPIPE`) instead of ending
/// the process with SIGPIPE; set once, for the test process.
private let ignoreBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
}()

/// Runs `work` on a thread of its own and returns what it returns (or throws what it throws).
///
/// For a test that waits on child processes: a synchronous test runs on one of the threads that
/// run every task, two on a two-core machine, and two such tests at once left the effect tests'
/// tasks no thread to run on (under the thread sanitizer they waited past their deadline).
public func onOwnThread<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            do {
                continuation.resume(returning: try work())
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }
}

/// Reads a file handle to its end on a thread of its own.
private final class ReadAll: @unchecked Sendable {  // `data` is written before `done` is signalled, read after
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
