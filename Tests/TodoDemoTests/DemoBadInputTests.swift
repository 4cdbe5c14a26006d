import Foundation
import RexCore
import RexTestSupport
import Testing
import TodoDemo

/// The demo given files and arguments it did not expect: it says what happened, and its exit
/// status says whether what the user asked to save was saved.
@Suite("The demo with bad input")
struct DemoBadInputTests {
    func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs the demo with these arguments and command lines, in `folder`.
    func demo(_ arguments: [String] = [], _ lines: [String], in folder: URL) async throws -> ChildProcessResult {
        try await ChildProcess.run(try ChildProcess.builtProduct("rex-demo"), arguments: arguments, input: lines.joined(separator: "\n") + "\n", in: folder)
    }

    @Test("A saved list holding the id Int.max loads, and the next item gets an id of its own")
    func largestID() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("todos.json")
        try Data(#"{"version":1,"data":[{"id":9223372036854775807,"title":"Last","done":false},{"id":1,"title":"First","done":false}]}"#.utf8).write(to: file)
        let app = TodoApp(world: TodoWorld(file: file), logFile: folder.appendingPathComponent("demo.log"))
        await app.start()
        #expect(app.store.state.list.items.map(\.title) == ["Last", "First"])
        _ = await app.perform("add Next")
        _ = await app.perform("add After")
        let ids = app.store.state.list.items.ids
        #expect(Set(ids).count == 4)
        #expect(app.store.state.list.items.map(\.title) == ["Last", "First", "Next", "After"])
    }

    @Test("A list at Int.max - 1 gives its next items ids of their own, without overflowing")
    func idsNearTheTop() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("todos.json")
        try Data(#"{"version":1,"data":[{"id":9223372036854775806,"title":"Almost last","done":false}]}"#.utf8).write(to: file)
        let app = TodoApp(world: TodoWorld(file: file), logFile: folder.appendingPathComponent("demo.log"))
        await app.start()
        for title in ["A", "B", "C"] {
            _ = await app.perform("add \(title)")
        }
        #expect(Set(app.store.state.list.items.ids).count == 4)
    }

    @Test("A data file whose load crashed the last launch is set aside, and the user is told")
    func crashingFileSetAside() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("todos.json")
        let crashing = Data(#"{"version":1,"data":[{"id":1,"title":"Crashes","done":false}]}"#.utf8)
        try crashing.write(to: file)
        // What a launch that crashed while loading leaves: the note it wrote before loading.
        try Data().write(to: folder.appendingPathComponent(".todos.json.loading"))
        let app = TodoApp(world: TodoWorld(file: file), logFile: folder.appendingPathComponent("demo.log"))
        await app.start()
        #expect(app.store.state.list.items.isEmpty)
        let screen = app.screen()
        #expect(screen.contains("The last launch stopped while loading todos.json: kept it aside as todos.json.crashed-"), "\(screen)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let aside = names.filter { $0.hasPrefix("todos.json.crashed-") }
        #expect(aside.count == 1)
        #expect(try aside.first.map { try Data(contentsOf: folder.appendingPathComponent($0)) } == crashing)
        #expect(!names.contains(".todos.json.loading"))
        // The next launch loads as usual.
        _ = await app.perform("add Fresh")
        let again = TodoApp(world: TodoWorld(file: file), logFile: folder.appendingPathComponent("demo.log"))
        await again.start()
        #expect(again.store.state.list.items.map(\.title) == ["Fresh"])
        #expect(!again.screen().contains("stopped while loading"))
    }

    @Test("A newer version's file: save and quit say the item was not saved, and the exit status is not 0")
    func newerVersionFile() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent(".rex-demo")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let newer = Data(#"{"version":99,"data":"from the future"}"#.utf8)
        try newer.write(to: data.appendingPathComponent("todos.json"))
        let run = try await demo([], ["add Mine", "save", "quit"], in: folder)
        #expect(run.status != 0 && !run.signaled, "exit status \(run.status)")
        let afterSave = run.standardOutput.components(separatedBy: "> save").last ?? ""
        #expect(afterSave.contains("Not saved"), "\(afterSave)")
        #expect(run.standardOutput.contains("1 item was not saved"), "\(run.standardOutput)")
        #expect(!run.standardOutput.hasSuffix("Bye.\n"))
        #expect(try Data(contentsOf: data.appendingPathComponent("todos.json")) == newer)
    }

    @Test("A data folder that cannot be written: quit says what was not saved, and the exit status is not 0")
    func unwritableFolder() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("blocker")
        try Data("a file".utf8).write(to: blocker)
        let run = try await demo(["--data", blocker.appendingPathComponent("data").path], ["add Mine", "quit"], in: folder)
        #expect(run.status != 0 && !run.signaled, "exit status \(run.status)")
        #expect(run.standardOutput.contains("1 item was not saved"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("not a folder: \(blocker.path)"), "\(run.standardOutput)")
    }

    @Test("--help prints the usage and runs nothing")
    func help() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for flag in ["--help", "-h"] {
            let run = try await demo([flag], ["add Should not run"], in: folder)
            #expect(run.status == 0)
            #expect(run.standardOutput.hasPrefix("usage: rex-demo"), "\(run.standardOutput)")
            #expect(!run.standardOutput.contains("== To do"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".rex-demo").path))
    }

    @Test("An unknown flag is refused with a message and the usage, and runs nothing")
    func unknownFlag() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [["--frobnicate"], ["--data", "x", "extra"], ["-x"]] {
            let run = try await demo(arguments, ["add Should not run"], in: folder)
            #expect(run.status == 2, "\(arguments): exit status \(run.status)")
            #expect(run.standardError.contains("usage: rex-demo"), "\(arguments): \(run.standardError)")
            #expect(run.standardOutput.isEmpty, "\(arguments): \(run.standardOutput)")
        }
    }

    @Test("autosave without on or off says how to use it")
    func autosaveUsage() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = TodoApp(world: TodoWorld(file: folder.appendingPathComponent("todos.json")), logFile: folder.appendingPathComponent("demo.log"))
        await app.start()
        for line in ["autosave", "autosave maybe"] {
            let screen = await app.perform(line) ?? ""
            #expect(screen.contains("`autosave` needs on or off, as in `autosave off`."), "\(line): \(screen)")
            #expect(!screen.contains("Unknown command"))
        }
    }
}
