import Foundation
import RexCore
import RexTesting
import Testing

/// Records the source of every action it sees.
private struct SourceRecorder: MiddlewareProtocol {
    let sources = Recorded()

    final class Recorded: @unchecked Sendable {  // `all` is guarded by `lock`
        private let lock = NSLock()
        private var all: [ActionSource] = []
        func record(_ source: ActionSource) { lock.withLock { all.append(source) } }
        var first: ActionSource? { lock.withLock { all.first } }
    }

    func handle(action: Int, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<Int> {
        sources.record(dispatcher)
        return .pure()
    }
}

/// TestStore takes file and line as `StaticString` and `UInt`, as the rest of Rex does, and
/// still reports each failure where the step was written.
@Suite("TestStore source locations")
struct TestStoreSourceLocationTests {
    static let adding = Reducer<Int, Int>.reduce { action, state in state += action }

    @Test("A failing step's issue is recorded at the line and file that called it, through the defaults")
    func failureAtTheCaller() async {
        let store = TestStore(initialState: 0, reducer: Self.adding)
        let expectedLine = #line + 2
        await withKnownIssue {
            await store.send(1) { $0 = 5 }
        } matching: { issue in
            issue.sourceLocation?.line == expectedLine
                && issue.sourceLocation?.fileID == #fileID
                && issue.sourceLocation?.filePath == #filePath
        }
    }

    @Test("A failed receive is recorded at its caller's line")
    func receiveAtItsCaller() async {
        let store = TestStore(initialState: 0, reducer: Self.adding)
        let receiveLine = #line + 2
        await withKnownIssue {
            await store.receive(1, timeout: .zero)
        } matching: { $0.sourceLocation?.line == receiveLine }
    }

    @Test("A sent action's source is the caller's file and line")
    func sentActionSource() async {
        let middleware = SourceRecorder()
        let store = TestStore(initialState: 0, reducer: Self.adding, middleware: middleware)
        let line = UInt(#line + 1)
        await store.send(1) { $0 = 1 }
        #expect(middleware.sources.first?.file == "\(#fileID)")
        #expect(middleware.sources.first?.line == line)
    }

    @Test("Explicit StaticString and UInt locations are accepted, as everywhere else in Rex")
    func explicitLocation() async {
        let store = TestStore(initialState: 0, reducer: Self.adding)
        let file: StaticString = #fileID
        let path: StaticString = #filePath
        await withKnownIssue {
            await store.send(1, assert: { $0 = 2 }, fileID: file, filePath: path, line: 7, column: 3)
        } matching: { issue in
            issue.sourceLocation?.line == 7 && issue.sourceLocation?.column == 3
        }
    }
}
