import Foundation

/// The inspector: one HTML file, self-contained (no network, no script or style from elsewhere),
/// that shows a session: the timeline of its steps with a filter, each action's source, the state
/// at any step as a tree that folds, the changes from the step before, a slider through the
/// steps, and a search of the state. It opens from `file://` in any browser.
public enum InspectorPage {
    /// The page for a session file's JSON (as ``RecordedSession/jsonData()`` writes it).
    ///
    /// - Throws: ``InspectorPageError/notASession(reason:)`` when `sessionJSON` is not a session
    ///   (not JSON, or with no `formatVersion` or `steps`), and ``InspectorPageError/newerFormat(found:supported:)``
    ///   when its format is newer than this version of Rex reads.
    /// - Complexity: O(*n*) in the size of the JSON.
    public static func html(sessionJSON: Data) throws -> String {
        guard let object = try? JSONSerialization.jsonObject(with: sessionJSON) as? [String: Any] else {
            throw InspectorPageError.notASession(reason: "not a JSON object")
        }
        guard let formatVersion = object["formatVersion"] as? Int else {
            throw InspectorPageError.notASession(reason: "no formatVersion")
        }
        let supported = RecordedSession<Never, Never>.currentFormatVersion
        guard formatVersion <= supported else {
            throw InspectorPageError.newerFormat(found: formatVersion, supported: supported)
        }
        guard object["steps"] is [Any] else {
            throw InspectorPageError.notASession(reason: "no steps")
        }
        let title = "\(object["appName"] as? String ?? "Session") \(object["appVersion"] as? String ?? "")"
        // The title goes in first, with its "$" written as an entity, so that no placeholder
        // comes in with it; the session goes in last.
        return template
            .replacingOccurrences(of: "$TITLE", with: escapeHTML(title))
            .replacingOccurrences(of: "$SESSION", with: escapeScriptData(String(decoding: sessionJSON, as: UTF8.self)))
    }

    /// The live page, which `rex-live-inspector` serves: the same page, with no steps at first,
    /// that asks its server for the steps of the app heard from last as they come, and sends the
    /// app a jump to a step, a return to live, or an action typed as JSON.
    public static func liveHTML() -> String {
        template
            .replacingOccurrences(of: "$TITLE", with: "Live")
            .replacingOccurrences(of: "$SESSION", with: #"{"formatVersion":1,"live":true,"initialState":null,"steps":[]}"#)
    }

    /// JSON written so that the HTML parser reads it as the text of a `<script>` element, whatever
    /// its strings hold: no `<` (which could end the element, or with `<!--` make the parser look
    /// for an end it never finds), `>` or `&`, each written as its `\u` escape, which JSON reads
    /// the same. They can only be in strings, where such an escape means the character. U+2028 and
    /// U+2029, which some JavaScript readers take for line ends, are escaped too.
    ///
    /// - Complexity: O(*n*) in the length of `json`.
    static func escapeScriptData(_ json: String) -> String {
        var escaped = String.UnicodeScalarView()
        escaped.reserveCapacity(json.unicodeScalars.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                escaped.append(contentsOf: String(format: "\\u%04x", scalar.value).unicodeScalars)
            default:
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "$", with: "&#36;")
    }
}

extension RecordedSession where Action: Codable, State: Codable {
    /// The session as an inspector page (see ``InspectorPage``).
    public func inspectorHTML() throws -> String {
        try InspectorPage.html(sessionJSON: jsonData())
    }
}
