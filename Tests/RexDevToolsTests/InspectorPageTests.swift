import Foundation
import RexCore
import RexDevTools
import Testing

@Suite("InspectorPage")
struct InspectorPageTests {
    typealias Domain = RecorderDomain

    @Test("The page holds the session's JSON, whole, and needs nothing from elsewhere")
    func embedsTheSession() throws {
        let (store, recorder) = Domain.recordedStore()
        store.dispatch(.add("Milk"))
        let session = try #require(recorder.session(appName: "Groceries", appVersion: "2"))
        let page = try session.inspectorHTML()
        #expect(page.contains("<title>Groceries 2 · Rex session</title>"))
        #expect(page.contains(String(decoding: try session.jsonData(), as: UTF8.self)))
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("src="))
    }

    @Test("Text in the session that would end the script element is written so that it cannot")
    func escapesScriptEnds() throws {
        let (store, recorder) = Domain.recordedStore()
        store.dispatch(.add("</script><script>alert(1)</script>"))
        store.dispatch(.rename("<b>Title</b>"))
        let page = try #require(recorder.session(appName: "A & <B>", appVersion: "1")).inspectorHTML()
        #expect(page.components(separatedBy: "</script>").count == 3)  // the page's own two scripts end
        #expect(page.contains(#"\u003c\/script\u003e\u003cscript\u003ealert(1)\u003c\/script\u003e"#))
        #expect(page.contains("<title>A &amp; &lt;B&gt; 1 · Rex session</title>"))
    }

    @Test("JSON that is not a session makes no page")
    func refusesOtherJSON() {
        #expect(throws: (any Error).self) { try InspectorPage.html(sessionJSON: Data(#"{"items": []}"#.utf8)) }
        #expect(throws: (any Error).self) { try InspectorPage.html(sessionJSON: Data("not json".utf8)) }
    }

    /// The text between the session element's tags: the embedded JSON.
    static func embeddedData(of page: String) throws -> String {
        let opening = #"<script type="application/json" id="session-data">"#
        let start = try #require(page.range(of: opening)).upperBound
        let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        return String(page[start..<end])
    }

    @Test("Hostile text in the state (a comment opening before a script tag) leaves no character in the embedded data that HTML reads")
    func escapesEveryMarkupCharacter() throws {
        let (store, recorder) = Domain.recordedStore()
        let hostile = ["<!--", "<script>", "</script>", "<!-- <script>", #"He said "hi" & left"#, "Ünïcödé ✓ 日本", "line\u{2028}separator\u{2029}"]
        for title in hostile {
            store.dispatch(.add(title))
        }
        let session = try #require(recorder.session(appName: "App", appVersion: "1"))
        let page = try session.inspectorHTML()
        let embedded = try Self.embeddedData(of: page)
        for character in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            #expect(!embedded.contains(character), "the embedded data holds \(character.debugDescription)")
        }
        // The page's script reads the embedded text as JSON: it is the session file's.
        let read = try RecordedSession<Domain.Action, Domain.State>(jsonData: Data(embedded.utf8))
        #expect(read == (try RecordedSession(jsonData: session.jsonData())))
        #expect(read.steps.last?.state.items == hostile)
    }

    @Test("A title that spells the page's placeholders is shown as it is, and the session is embedded once")
    func titleIsNotAPlaceholder() throws {
        let (store, recorder) = Domain.recordedStore()
        store.dispatch(.add("Milk"))
        let page = try #require(recorder.session(appName: "$SESSION", appVersion: "$TITLE")).inspectorHTML()
        #expect(page.components(separatedBy: #""formatVersion""#).count == 2)
        #expect(page.contains("<title>&#36;SESSION &#36;TITLE · Rex session</title>"))
    }

    @Test("A session of a newer format makes no page, and the error says which format and which this version reads")
    func refusesANewerFormat() throws {
        let (store, recorder) = Domain.recordedStore()
        store.dispatch(.add("Milk"))
        let session = try #require(recorder.session(appName: "A", appVersion: "1"))
        var object = try #require(JSONSerialization.jsonObject(with: session.jsonData()) as? [String: Any])
        object["formatVersion"] = RecordedSession<Domain.Action, Domain.State>.currentFormatVersion + 1
        let newer = try JSONSerialization.data(withJSONObject: object)
        let error = #expect(throws: InspectorPageError.self) { try InspectorPage.html(sessionJSON: newer) }
        #expect(error == .newerFormat(found: 2, supported: 1))
        #expect(error?.localizedDescription == "session format 2; this version of Rex reads up to format 1")
        object["formatVersion"] = "1"
        #expect(throws: InspectorPageError.notASession(reason: "no formatVersion")) {
            try InspectorPage.html(sessionJSON: try JSONSerialization.data(withJSONObject: object))
        }
    }
}
