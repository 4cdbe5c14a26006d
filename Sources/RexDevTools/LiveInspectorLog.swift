import Foundation

/// Where a ``LiveInspector`` tells what went wrong by default.
public enum LiveInspectorLog {
    /// Writes the line to standard error.
    @Sendable
    public static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
