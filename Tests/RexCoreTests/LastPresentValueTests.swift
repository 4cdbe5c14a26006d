import Dispatch
@testable import RexCore
import Testing

/// White-box tests of `LastPresentValue`: each path of `update` (a value present, none), from any
/// thread.
@Suite("An optional projection's last present value")
struct LastPresentValueTests {
    @Test("A present value is kept and returned; an absent one returns the last present, or the first")
    func paths() {
        let last = LastPresentValue("first")
        #expect(last.update(nil) == "first")
        #expect(last.update("second") == "second")
        #expect(last.update(nil) == "second")
        #expect(last.update("third") == "third")
    }

    @Test("Threads updating it at once each get a whole value that one of them gave")
    func threads() {
        let last = LastPresentValue(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 1...1_000 {
                #expect(last.update(step.isMultiple(of: 2) ? nil : thread * 10_000 + step) >= 0)
            }
        }
        #expect(last.update(nil) % 10_000 == 999)
    }
}
