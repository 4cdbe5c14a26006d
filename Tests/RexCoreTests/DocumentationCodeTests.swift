import Foundation
import Testing

/// Every Swift code block in the README and the DocC articles is taken from code that the test
/// targets compile (and run), so the documentation cannot show code that does not build.
@Suite("Documentation code")
struct DocumentationCodeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Swift files whose text the documentation may quote: the tests and the demo.
    static func compiledSources() throws -> String {
        var text = ""
        for folder in ["Tests", "Sources/rex-demo"] {
            let url = root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                text += try String(contentsOf: file, encoding: .utf8) + "\n"
            }
        }
        return text
    }

    /// The README and every article of every DocC catalog.
    static func documents() throws -> [URL] {
        var documents = [root.appendingPathComponent("README.md")]
        let sources = root.appendingPathComponent("Sources")
        if let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) {
            for case let file as URL in files where file.pathExtension == "md" && file.path.contains(".docc/") {
                documents.append(file)
            }
        }
        return documents
    }

    /// The Swift blocks of a document, but for package manifests (a block whose first line is
    /// `// Package.swift`), which the tests cannot compile.
    static func swiftBlocks(in text: String) -> [String] {
        text.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
            .filter { !$0.hasPrefix("// Package.swift\n") }
    }

    @Test("Each Swift block of the README and the articles appears, as it is, in code the tests compile")
    func blocksAreCompiled() throws {
        let sources = try Self.compiledSources()
        var checked = 0
        for document in try Self.documents() {
            let text = try String(contentsOf: document, encoding: .utf8)
            for block in Self.swiftBlocks(in: text) {
                checked += 1
                // Articles indent nothing; compiled code may be indented inside a test function.
                let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                let compiledLines = sources.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                let found = Self.contains(compiledLines, lines.filter { !$0.isEmpty })
                #expect(found, "\(document.lastPathComponent): this block is not in compiled code:\n\(block)")
            }
        }
        #expect(checked > 0)
    }

    /// Whether `needle`'s lines appear consecutively in `haystack`, ignoring blank lines there.
    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        let lines = haystack.filter { !$0.isEmpty }
        guard let first = needle.first else { return true }
        var start = lines.startIndex
        while let index = lines[start...].firstIndex(of: first) {
            if index + needle.count <= lines.count && Array(lines[index..<(index + needle.count)]) == needle {
                return true
            }
            start = index + 1
        }
        return false
    }
}
