import Foundation
import RexCore
import RexMiddlewares
import Testing

/// When a logger's lines reach its file: entries are written together while others wait, and
/// all of them once none waits.
@Suite("LoggerMiddleware: when a file's lines are written")
struct LoggerFileWritingTests {
    static let counter = Reducer<Int, Int>.reduce { amount, count in count += amount }

    /// A log file in a folder of its own, removed after `body`.
    static func withLogFile(_ body: (String) -> Void) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-logger-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        body(folder.appendingPathComponent("app.log").path)
    }

    /// The actions logged in the file at `path`, in order.
    static func loggedActions(at path: String) -> [Substring] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.hasPrefix("action ") }
    }

    @Test("Every entry is in the file once the logger has none waiting, without a flush")
    func writtenWhenIdle() {
        Self.withLogFile { path in
            let logger = LoggerMiddleware<Int, Int, Int>(destination: .file(path: path))
            let store = ReduxStoreBase(initialState: 0, reducer: Self.counter, middleware: logger)
            for amount in 1...3 { store.dispatch(amount) }
            // Waits for the file, not for a time: a logger that held its last entries back
            // until a flush fails here, at the deadline.
            let deadline = Date().addingTimeInterval(30)
            while Self.loggedActions(at: path).count < 3, Date() < deadline {
                usleep(2_000)
            }
            #expect(Self.loggedActions(at: path).map { $0.prefix(8) } == ["action 1", "action 2", "action 3"])
            #expect(store.state == 6)
        }
    }

    @Test("Entries written together, past the 64 KiB a write gathers, are all in the file, in order")
    func manyEntriesInOrder() {
        Self.withLogFile { path in
            let logger = LoggerMiddleware<Int, Int, Int>(destination: .file(path: path), maximumBacklog: 5_000)
            let store = ReduxStoreBase(initialState: 0, reducer: Self.counter, middleware: logger)
            // About 60 bytes an entry: 3,000 entries are about three times what a write gathers.
            for amount in 1...3_000 { store.dispatch(amount) }
            logger.flush()
            let logged = Self.loggedActions(at: path)
            #expect(logged.count == 3_000)
            #expect(logged.enumerated().allSatisfy { $0.element.hasPrefix("action \($0.offset + 1) from ") })
        }
    }
}
