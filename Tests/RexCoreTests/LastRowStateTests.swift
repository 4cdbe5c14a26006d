import Dispatch
@testable import RexCore
import Testing

/// White-box tests of `LastRowState`: its value is the one set last, from any thread.
@Suite("A row projection's last state")
struct LastRowStateTests {
    @Test("The value is the one given first, then the one set last")
    func paths() {
        let last = LastRowState("first")
        #expect(last.value == "first")
        last.value = "second"
        last.value = "third"
        #expect(last.value == "third")
    }

    @Test("Threads setting and reading it at once each see a whole value that one of them set")
    func threads() {
        let last = LastRowState(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 1...1_000 {
                last.value = thread * 10_000 + step
                #expect(last.value > 0)
            }
        }
        #expect(last.value % 10_000 == 1_000)
    }
}
