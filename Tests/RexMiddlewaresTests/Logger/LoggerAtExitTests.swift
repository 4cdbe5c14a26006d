import Foundation
import RexTestSupport
import Testing

@Suite("The logger at a program's end")
struct LoggerAtExitTests {
    @Test("A program that logs and returns at once writes every log line, with its output piped", arguments: 1...5)
    func linesReachAPipe(run: Int) async throws {
        let program = try ChildProcess.builtProduct("LoggerExitFixture")
        let result = try await ChildProcess.run(program)
        #expect(result.status == 0 && !result.signaled)
        #expect(result.standardOutput.contains("program done"))
        let logged = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("action ") }
        #expect(logged.count == 3, "run \(run): \(result.standardOutput)")
    }

    @Test("A program whose logger's destination never returns still exits, within the exit wait, and says what was not written")
    func boundedExitWait() async throws {
        let program = try ChildProcess.builtProduct("LoggerExitFixture")
        let result = try await ChildProcess.run(program, arguments: ["stuck"])
        #expect(result.status == 0 && !result.signaled, "status \(result.status): a status of 3 is the fixture's watchdog, after 60 s")
        #expect(result.standardOutput.contains("program done"))
        #expect(result.standardError.contains("log entries were not written: the process exited"), "\(result.standardError)")
    }
}
