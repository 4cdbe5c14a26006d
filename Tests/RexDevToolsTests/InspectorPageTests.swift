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
        #expect(page.contains(#"<\/script><script>alert(1)<\/script>"#))
        #expect(page.contains("<title>A &amp; &lt;B&gt; 1 · Rex session</title>"))
    }

    @Test("JSON that is not a session makes no page")
    func refusesOtherJSON() {
        #expect(throws: (any Error).self) { try InspectorPage.html(sessionJSON: Data(#"{"items": []}"#.utf8)) }
        #expect(throws: (any Error).self) { try InspectorPage.html(sessionJSON: Data("not json".utf8)) }
    }
}
