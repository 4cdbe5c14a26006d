import Dispatch
import Foundation
@testable import RexMiddlewares
import Testing

/// A log writer's batches, flushes and exit deadline, with entries given from more than one
/// thread. (Found by a review of the batches; each test failed on their first version.)
@Suite("LogWriter: batches and flushes")
struct LogWriterTests {
    /// The lines a custom destination received.
    final class Lines: @unchecked Sendable {  // `lines` is guarded by `lock`
        private let lock = NSLock()
        private var lines: Set<String> = []
        func record(_ line: String) { lock.withLock { _ = lines.insert(line) } }
        func contains(_ line: String) -> Bool { lock.withLock { lines.contains(line) } }
    }

    @Test("At the exit deadline, every entry given is either in the file or counted as not written")
    func exitDeadlineAccountsForEveryEntry() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rex-log-writer-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = LogWriter(.file(path: path), maximumBacklog: 100)
        let (zeroStarted, zeroGate) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let (twoStarted, twoGate) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        writer.write {
            zeroStarted.signal()
            zeroGate.wait()
            return "zero\n"
        }
        zeroStarted.wait()  // the writer is in its first batch, formatting "zero"
        writer.write { "one\n" }
        writer.write {
            twoStarted.signal()
            twoGate.wait()
            return "two\n"
        }
        zeroGate.signal()
        twoStarted.wait()  // "one" is formatted, in the writer's buffer; the writer formats "two"
        let flushed = writer.flush(before: .now())
        let inFile = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
        let reportedLeft = writer.waitingCount
        twoGate.signal()
        writer.flush()
        #expect(!flushed)
        #expect(inFile.count + reportedLeft == 3, "in the file: \(inFile), reported not written: \(reportedLeft)")
    }

    @Test("flush() returns after the entry its thread gave is written, while another thread starts the writer again and again")
    func flushWaitsForOwnEntryWithAnotherWriter() {
        let lines = Lines()
        let writer = LogWriter(.custom { lines.record($0) }, maximumBacklog: 1_000)
        let stop = LoggerFlushTests.Flag()
        let stopped = DispatchSemaphore(value: 0)
        Thread {
            // Each entry is waited for, so that the next finds the writer idle and starts it: the
            // moment between an entry found idle and its drain queued is where a flush once slipped.
            var count = 0
            while !stop.value {
                let written = DispatchSemaphore(value: 0)
                let number = count
                writer.write {
                    written.signal()
                    return "a\(number)"
                }
                written.wait()
                count += 1
            }
            stopped.signal()
        }.start()
        var missed: [Int] = []
        for number in 0..<50_000 where missed.count < 3 {
            writer.write { "b\(number)" }
            writer.flush()
            if !lines.contains("b\(number)") { missed.append(number) }
        }
        stop.set()
        stopped.wait()
        writer.flush()
        #expect(missed.isEmpty, "flush() returned before these entries were written: \(missed)")
    }
}
