import Foundation

/// The inspector: one HTML file, self-contained (no network, no script or style from elsewhere),
/// that shows a session: the timeline of its steps with a filter, each action's source, the state
/// at any step as a tree that folds, the changes from the step before, a slider through the
/// steps, and a search of the state. It opens from `file://` in any browser.
public enum InspectorPage {
    /// The page for a session file's JSON (as ``RecordedSession/jsonData()`` writes it).
    ///
    /// - Throws: When `sessionJSON` is not a session: not JSON, or with no `steps`.
    /// - Complexity: O(*n*) in the size of the JSON.
    public static func html(sessionJSON: Data) throws -> String {
        guard let object = try JSONSerialization.jsonObject(with: sessionJSON) as? [String: Any], object["steps"] is [Any] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "not a session: no steps"])
        }
        let title = "\(object["appName"] as? String ?? "Session") \(object["appVersion"] as? String ?? "")"
        // Inside a <script> element, "</" would end it: written as "<\/", which JSON reads the same.
        let embedded = String(decoding: sessionJSON, as: UTF8.self).replacingOccurrences(of: "</", with: "<\\/")
        return template
            .replacingOccurrences(of: "$TITLE", with: escapeHTML(title))
            .replacingOccurrences(of: "$SESSION", with: embedded)
    }

    static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

extension RecordedSession where Action: Codable, State: Codable {
    /// The session as an inspector page (see ``InspectorPage``).
    public func inspectorHTML() throws -> String {
        try InspectorPage.html(sessionJSON: jsonData())
    }
}
