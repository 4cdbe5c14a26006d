import Foundation
import RexCore
import RexMiddlewares
import Testing

@Suite("LoggerMiddleware: the log file's folder")
struct LoggerFolderTests {
    static let counter = Reducer<Int, Int>.reduce { amount, count in count += amount }

    @Test("A log file in a folder that does not exist yet makes the folder")
    func makesTheFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-logger-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nested/app.log").path
        let logger = LoggerMiddleware<Int, Int, Int>(destination: .file(path: path))
        let store = ReduxStoreBase(initialState: 0, reducer: Self.counter, middleware: logger)
        store.dispatch(1)
        logger.flush()
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("action 1"))
    }

    @Test("A log file that cannot be made says why, once, in one sentence")
    func saysWhy() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            // A file where the log's folder should be.
            let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("rex-logger-blocker-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: blocker.path, contents: Data("a file".utf8))
            defer { try? FileManager.default.removeItem(at: blocker) }
            let logger = LoggerMiddleware<Int, Int, Int>(destination: .file(path: blocker.appendingPathComponent("logs/app.log").path))
            let store = ReduxStoreBase(initialState: 0, reducer: LoggerFolderTests.counter, middleware: logger)
            for amount in 1...3 { store.dispatch(amount) }
            logger.flush()
            exit(store.state == 6 ? 0 : 1)
        }
        let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(errors.components(separatedBy: "Rex LoggerMiddleware: cannot write to ").count == 2, "\(errors)")
        #expect(errors.contains("/logs/app.log: not a folder: "), "\(errors)")
        #expect(!errors.contains(".."), "\(errors)")
        #expect(!errors.contains("permission"), "\(errors)")
    }
}
