import Dispatch
@testable import RexCore
import Testing

/// White-box tests of `DeliveryCounter`: numbers from 1, one more each call, none given twice.
@Suite("The delivery counter")
struct DeliveryCounterTests {
    @Test("Numbers start at 1 and go up by one")
    func sequence() {
        let counter = DeliveryCounter()
        #expect((1...5).map { _ in counter.next() } == [1, 2, 3, 4, 5])
    }

    @Test("Threads counting at once get every number once")
    func threads() {
        let counter = DeliveryCounter()
        let numbers = Collected()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var mine: [UInt64] = []
            for _ in 1...1_000 {
                mine.append(counter.next())
            }
            #expect(mine == mine.sorted())
            numbers.add(mine)
        }
        #expect(numbers.all.sorted() == Array(1...8_000))
    }

    final class Collected: @unchecked Sendable {  // `all` is guarded by `lock`
        let lock = Lock()
        var all: [UInt64] = []

        func add(_ numbers: [UInt64]) {
            lock.withLock { all += numbers }
        }
    }
}
