import Foundation
import RexTestSupport
import Testing

@Suite("The README's quick start")
struct QuickStartTests {
    @Test("The quick start prints each distinct title, and the middleware resets the counter past three")
    func quickStartRuns() {
        let lines = Recorder<String>()
        runCounterApp(print: { lines.record($0) })
        #expect(lines.values == ["Count: 0", "Count: 1", "Count: 2", "Count: 3", "Count: 4", "Count: 0", "Count: -1"])
    }

    @Test("The README shows exactly the quick start that is compiled here")
    func readmeMatchesCompiledCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: here.deletingLastPathComponent().appendingPathComponent("QuickStart.swift"), encoding: .utf8)
        let quickStart = try #require(Self.between("// quick-start:begin\n", "// quick-start:end", in: source))
        #expect(readme.contains("```swift\n" + quickStart + "```"))
    }

    static func between(_ start: String, _ end: String, in text: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else {
            return nil
        }
        return String(text[from.upperBound..<to.lowerBound])
    }
}
