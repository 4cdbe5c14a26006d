import Foundation
import RexCore
import RexDevTools
import RexTestSupport
import Testing

@Suite("rex-inspect")
struct RexInspectTests {
    typealias Domain = RecorderDomain

    /// A new folder holding `session.json`, a session of one step.
    static func folderWithSession(formatVersion: Int? = nil) throws -> (folder: URL, session: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-inspect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (store, recorder) = Domain.recordedStore()
        store.dispatch(.add("Milk"))
        var data = try #require(recorder.session(appName: "App", appVersion: "1")).jsonData()
        if let formatVersion {
            var object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
            object["formatVersion"] = formatVersion
            data = try JSONSerialization.data(withJSONObject: object)
        }
        let session = folder.appendingPathComponent("session.json")
        try data.write(to: session)
        return (folder, session)
    }

    static func inspect(_ arguments: [String], in folder: URL) async throws -> ChildProcessResult {
        try await ChildProcess.run(try ChildProcess.builtProduct("rex-inspect"), arguments: arguments, in: folder)
    }

    @Test("A session becomes its page, beside it by default or where -o says")
    func writesThePage() async throws {
        let (folder, session) = try Self.folderWithSession()
        defer { try? FileManager.default.removeItem(at: folder) }
        let beside = try await Self.inspect([session.path], in: folder)
        #expect(beside.status == 0)
        #expect(beside.standardOutput == "rex-inspect: wrote \(folder.appendingPathComponent("session.html").path)\n")
        let named = try await Self.inspect(["session.json", "-o", "page.html"], in: folder)
        #expect(named.status == 0)
        let page = try String(contentsOf: folder.appendingPathComponent("page.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
    }

    @Test("--help and -h print the usage and exit 0, reading no file", arguments: ["--help", "-h"])
    func help(option: String) async throws {
        let (folder, _) = try Self.folderWithSession()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Self.inspect([option], in: folder)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("usage: rex-inspect <session.json> [-o <page.html>]\n"))
        #expect(result.standardError == "")
    }

    @Test("An unknown option is refused with the usage, not read as a file")
    func unknownOption() async throws {
        let (folder, session) = try Self.folderWithSession()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Self.inspect([session.path, "--open"], in: folder)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("rex-inspect: unknown option --open\nusage: rex-inspect"))
    }

    @Test("A missing output folder is reported as the output's, not the input's")
    func missingOutputFolder() async throws {
        let (folder, session) = try Self.folderWithSession()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("no such folder/page.html")
        let result = try await Self.inspect([session.path, "-o", page.path], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError == "rex-inspect: cannot write \(page.path): no folder \(page.deletingLastPathComponent().path)\n")
        #expect(!result.standardError.contains(session.path))
    }

    @Test("-o naming the session itself (by any spelling) is refused, and the session is left as it was")
    func refusesToOverwriteTheSession() async throws {
        let (folder, session) = try Self.folderWithSession()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Data(contentsOf: session)
        for output in [session.path, "session.json", "./session.json", "../\(folder.lastPathComponent)/session.json"] {
            let result = try await Self.inspect([session.path, "-o", output], in: folder)
            #expect(result.status == 1, "-o \(output)")
            #expect(result.standardError.contains("is the session itself"), "-o \(output): \(result.standardError)")
        }
        // A hard link to the session is the session too.
        try FileManager.default.linkItem(at: session, to: folder.appendingPathComponent("link.json"))
        let linked = try await Self.inspect(["link.json", "-o", "session.json"], in: folder)
        #expect(linked.status == 1)
        #expect(linked.standardError.contains("is the session itself"))
        #expect(try Data(contentsOf: session) == before)
        // So is the default page's name, for a session whose name ends in .html.
        try before.write(to: folder.appendingPathComponent("session.html"))
        let named = try await Self.inspect(["session.html"], in: folder)
        #expect(named.status == 1)
        #expect(try Data(contentsOf: folder.appendingPathComponent("session.html")) == before)
    }

    @Test("A session of a newer format makes no page: the message says so and the exit status is 1")
    func refusesANewerFormat() async throws {
        let (folder, session) = try Self.folderWithSession(formatVersion: 2)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Self.inspect([session.path], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError == "rex-inspect: \(session.path): session format 2; this version of Rex reads up to format 1\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("session.html").path))
    }
}
