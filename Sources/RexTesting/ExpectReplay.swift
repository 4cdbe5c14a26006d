import Foundation
import RexCore
import RexDevTools
import Testing

/// Replays a recorded session through `reducer` and records a test failure, at the caller's
/// line, where the reducer's state first differs from the recording: the step, its action and
/// source, and the fields that differ. A bug report's session file becomes a regression test in
/// one call:
///
/// ```swift
/// @Test func theReportedCrash() throws {
///     try expectReplay(ofSessionAt: sessionFile, actionType: AppAction.self, reducer: appReducer)
/// }
/// ```
///
/// - Throws: When the file cannot be read or decoded as a session of these types.
/// - Complexity: O(*n*) steps; see ``/RexDevTools/RecordedSession/replay(through:)``.
public func expectReplay<Action: Codable & Sendable, State: Codable & Equatable & Sendable>(
    ofSessionAt url: URL,
    actionType: Action.Type,
    reducer: Reducer<Action, State>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) throws {
    let session = try RecordedSession<Action, State>(jsonData: Data(contentsOf: url))
    if let divergence = session.replay(through: reducer) {
        Issue.record(
            Comment(rawValue: divergence.description),
            sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
        )
    }
}
