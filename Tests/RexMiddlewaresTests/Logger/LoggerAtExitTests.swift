import Foundation
import RexTestSupport
import Testing

@Suite("The logger at a program's end")
struct LoggerAtExitTests {
    @Test("A program that logs and returns at once writes every log line, with its output piped", arguments: 1...5)
    func linesReachAPipe(run: Int) throws {
        let program = try ChildProcess.builtProduct("LoggerExitFixture")
        let result = try ChildProcess.run(program)
        #expect(result.status == 0 && !result.signaled)
        #expect(result.standardOutput.contains("program done"))
        let logged = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("action ") }
        #expect(logged.count == 3, "run \(run): \(result.standardOutput)")
    }
}
