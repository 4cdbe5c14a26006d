import Foundation
@testable import RexMiddlewares
import Testing

/// Entries for a file are written together when the writer's queue runs dry: none is kept
/// back once no entry waits.
@Suite("LogWriter: entries written together")
struct LogWriterBatchTests {
    @Test("A burst of entries is all in the file once the queue is idle, with no flush")
    func burstReachesTheFileWithoutFlush() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-log-batch-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("log.txt").path
        let writer = LogWriter(.file(path: path), maximumBacklog: 10_000)
        for number in 0..<2_000 {
            writer.write { "entry \(number)\n" }
        }
        // Waits for the file, not for the writer: a flush would write what is kept itself.
        let expected = (0..<2_000).map { "entry \($0)\n" }.joined()
        let deadline = Date().addingTimeInterval(30)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if text == expected { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(text == expected)
        #expect(writer.waitingCount == 0)
    }
}
