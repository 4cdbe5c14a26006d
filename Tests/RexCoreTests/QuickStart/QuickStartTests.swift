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
}
