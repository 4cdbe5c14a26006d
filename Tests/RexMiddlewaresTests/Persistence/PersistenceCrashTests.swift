#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation
import RexTestSupport
import Testing

@Suite("PersistenceMiddleware: crashes")
struct PersistenceCrashTests {
    @Test("A process saving in a loop, killed with SIGKILL at 200 random moments, always leaves a whole save", .timeLimit(.minutes(3)))
    func killedWhileSaving() throws {
        let fixture = try ChildProcess.builtProduct("PersistenceCrashFixture")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-crash-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("state.json")
        var generations: [Int] = []
        for round in 0..<200 {
            let process = Process()
            process.executableURL = fixture
            process.arguments = [file.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Once it says it saves, at a random moment of its first saves.
            _ = output.fileHandleForReading.availableData
            usleep(UInt32.random(in: 0...30_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            let data = try Data(contentsOf: file)
            guard let generation = Self.wholeSave(data) else {
                Issue.record("after kill \(round), the file is not one whole save: \(data.count) bytes, \(String(decoding: data.prefix(120), as: UTF8.self))")
                return
            }
            generations.append(generation)
        }
        // Saves happened, and each run went on from what the last one left.
        #expect(generations.count > 100)
        #expect(generations == generations.sorted())
        #expect(Set(generations).count > 100)
    }

    /// The generation of a save whose 2,000 items all carry it; `nil` for anything else.
    static func wholeSave(_ data: Data) -> Int? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["version"] as? Int == 1, let items = object["data"] as? [String], items.count == 2_000,
            let generation = items.first?.split(separator: "-").first.flatMap({ Int($0) }),
            items.enumerated().allSatisfy({ $0.element == "\(generation)-\($0.offset)" })
        else { return nil }
        return generation
    }
}
