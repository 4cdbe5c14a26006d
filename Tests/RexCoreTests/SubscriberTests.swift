@testable import RexCore
import Testing

/// White-box tests of `Subscriber`: it runs its selection's steps, and a cancel is final.
@Suite("A subscriber")
struct SubscriberTests {
    final class Calls: @unchecked Sendable {  // used on the test's thread only
        var offered: [Int] = []
        var delivered = 0
    }

    @Test("A subscriber runs its selection's offer and deliver, and is active until cancelled")
    func steps() {
        let calls = Calls()
        let subscriber = Subscriber<Int>(
            id: 7,
            selection: Selection(offer: { calls.offered.append($0); return $0 > 0 }, deliver: { calls.delivered += 1 })
        )
        #expect(subscriber.id == 7 && subscriber.isActive)
        #expect(subscriber.offer(1))
        #expect(!subscriber.offer(0))
        subscriber.deliver()
        #expect(calls.offered == [1, 0] && calls.delivered == 1)
        subscriber.cancel()
        #expect(!subscriber.isActive)
    }
}
