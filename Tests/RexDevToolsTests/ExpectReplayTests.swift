import Foundation
import RexCore
import RexDevTools
import RexTestSupport
import RexTesting
import Testing

@Suite("expectReplay")
struct ExpectReplayTests {
    typealias Domain = RecorderDomain

    /// A session file of a few steps, written where the test can read it.
    func sessionFile() throws -> URL {
        let (store, recorder) = Domain.recordedStore()
        store.dispatch(.add("Milk"))
        store.dispatch(.rename("Groceries"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rex-session-\(UUID()).json")
        try recorder.session(appName: "Test", appVersion: "1")!.jsonData().write(to: url)
        return url
    }

    @Test("A session file replayed through the reducer that recorded it passes")
    func passes() throws {
        let url = try sessionFile()
        defer { try? FileManager.default.removeItem(at: url) }
        try expectReplay(ofSessionAt: url, actionType: Domain.Action.self, reducer: Domain.reducer)
    }

    @Test("Through a changed reducer, it fails at the caller's line, naming the step and the field")
    func fails() throws {
        let url = try sessionFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let issues = Recorder<Issue>()
        try withKnownIssue {
            try expectReplay(ofSessionAt: url, actionType: Domain.Action.self, reducer: Domain.changedReducer)
        } matching: { issue in
            issues.record(issue)
            return true
        }
        let line = #line - 5
        let recorded = issues.values
        #expect(recorded.count == 1)
        #expect(recorded.first?.sourceLocation?.line == line)
        #expect(recorded.first?.comments.first?.rawValue.contains("step 1") == true)
        #expect(recorded.first?.comments.first?.rawValue.contains(".settings.limit: 10 → 0") == true)
    }
}
