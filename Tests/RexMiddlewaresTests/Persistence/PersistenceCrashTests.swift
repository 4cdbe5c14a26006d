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
    @Test(
        "A process saving in a loop, killed with SIGKILL at 200 random moments, always leaves a whole save, and the next launch leaves no temporary file",
        .timeLimit(.minutes(3))
    )
    func killedWhileSaving() async throws {
        let fixture = try ChildProcess.builtProduct("PersistenceCrashFixture")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-crash-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The kills wait on the processes, on a thread of their own (see `onOwnThread`).
        let outcome = try await onOwnThread { try Self.killSaving(fixture, file: folder.appendingPathComponent("state.json")) }
        if let notWhole = outcome.notWhole {
            Issue.record(Comment(rawValue: notWhole))
            return
        }
        #expect(outcome.notKilledBySignal == 0)
        // Every run saved at least once, going on from what the run before left.
        #expect(outcome.generations.count == 200)
        #expect(zip(outcome.generations, outcome.generations.dropFirst()).allSatisfy { $0 < $1 })
        // The next launch removes what the last kills left (each launch removes what the kill
        // before it left).
        #expect(outcome.lastLaunchStatus == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names == ["state.json"], "after the launch that followed the kills (a kill left up to \(outcome.mostLeftovers) files)")
    }

    /// What 200 kills of the saving fixture left, and the launch after them.
    struct KillOutcome: Sendable {
        var generations: [Int] = []
        /// The most files a kill left beside the file.
        var mostLeftovers = 0
        var notKilledBySignal = 0
        /// What the file held when it was not one whole save, if it once was not.
        var notWhole: String?
        var lastLaunchStatus: Int32 = -1
    }

    /// Starts the fixture saving to `file` 200 times, each killed with SIGKILL at a random moment
    /// once it has saved, then launches it once more to the end.
    static func killSaving(_ fixture: URL, file: URL) throws -> KillOutcome {
        var outcome = KillOutcome()
        let folder = file.deletingLastPathComponent()
        for round in 0..<200 {
            let process = Process()
            process.executableURL = fixture
            process.arguments = [file.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Once it has saved once in this run, at a random moment of the saves that follow.
            var said = Data()
            while !String(decoding: said, as: UTF8.self).contains("saved\n") {
                let more = output.fileHandleForReading.availableData
                guard !more.isEmpty else { break }
                said += more
            }
            usleep(UInt32.random(in: 0...20_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason != .uncaughtSignal { outcome.notKilledBySignal += 1 }
            outcome.mostLeftovers = max(outcome.mostLeftovers, try FileManager.default.contentsOfDirectory(atPath: folder.path).count - 1)
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            let data = try Data(contentsOf: file)
            guard let generation = wholeSave(data) else {
                outcome.notWhole = "after kill \(round), the file is not one whole save: \(data.count) bytes, \(String(decoding: data.prefix(120), as: UTF8.self))"
                return outcome
            }
            outcome.generations.append(generation)
        }
        let last = Process()
        last.executableURL = fixture
        last.arguments = [file.path, "once"]
        last.standardOutput = Pipe()
        try last.run()
        last.waitUntilExit()
        outcome.lastLaunchStatus = last.terminationStatus
        return outcome
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
