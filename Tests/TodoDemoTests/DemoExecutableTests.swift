import Foundation
import RexTestSupport
import Testing

/// The demo as a user runs it: the real executable, its commands piped in, in a folder of its own.
@Suite("The demo executable")
struct DemoExecutableTests {
    /// Runs the demo in `folder` with these command lines, and returns what it printed.
    func demo(_ lines: [String], in folder: URL) async throws -> String {
        let result = try await ChildProcess.run(try ChildProcess.builtProduct("rex-demo"), input: lines.joined(separator: "\n") + "\n", in: folder)
        #expect(result.status == 0 && !result.signaled, "the demo ended with \(result.status): \(result.standardError)")
        return result.standardOutput
    }

    func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The titles of the list in the first screen a run printed (what it loaded).
    func loadedTitles(_ output: String) -> [String] {
        let lines = output.split(separator: "\n").map(String.init)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("== To do") }) else { return [] }
        return lines[(header + 1)...].prefix { $0.contains(". [") }.map { line in
            String(line[line.index(line.firstIndex(of: "]")!, offsetBy: 2)...])
        }
    }

    @Test("Edits made with autosave off are saved when autosave is turned on, and a restart shows them")
    func autosaveOnSavesWhatIsPending() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await demo(["add A", "add B", "add C"], in: folder)
        _ = try await demo(["autosave off", "add Unsaved A", "rm 2", "autosave on", "quit"], in: folder)
        let restart = try await demo(["help"], in: folder)
        #expect(loadedTitles(restart) == ["A", "C", "Unsaved A"])
    }

    @Test("Quitting with unsaved changes saves them, and says so")
    func quitSavesWhatIsPending() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await demo(["add A", "autosave off", "add B", "quit"], in: folder)
        #expect(run.contains("Saved 2 items before quitting"))
        #expect(loadedTitles(try await demo(["help"], in: folder)) == ["A", "B"])
    }

    @Test("The status line never says saved while changes are not")
    func statusTellsTheTruth() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await demo(["add A", "autosave off", "add B"], in: folder)
        let afterLastAdd = run.components(separatedBy: "> add B").last ?? ""
        let status = afterLastAdd.split(separator: "\n").first { $0.contains("autosave") } ?? ""
        #expect(status.hasPrefix("unsaved changes"), "status line: \(status)")
    }

    @Test("add without a title, done without a number, and help say what they should")
    func friction() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await demo(["add", "add Milk", "done", "help"], in: folder)
        #expect(run.contains("needs a title"))
        #expect(!run.contains("Unknown command `add`"))
        #expect(run.contains("needs the number shown before an item"))
        #expect(run.contains("done <n> [<n>...] (marks them done, or not done again)"))
    }

    @Test("The script in the repository gives the same screens whatever an earlier run left, in a --data folder")
    func scriptIsRepeatable() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = try String(contentsOf: root.appendingPathComponent("demo-script.txt"), encoding: .utf8)
        let program = try ChildProcess.builtProduct("rex-demo")
        let first = try await ChildProcess.run(program, arguments: ["--data", folder.appendingPathComponent("a").path], input: script, in: folder)
        _ = try await demo(["add Left over"], in: folder)
        let second = try await ChildProcess.run(program, arguments: ["--data", folder.appendingPathComponent("b").path], input: script, in: folder)
        #expect(first.status == 0 && second.status == 0)
        #expect(first.standardOutput == second.standardOutput)
        #expect(!first.standardOutput.contains("Left over"))
    }
}
