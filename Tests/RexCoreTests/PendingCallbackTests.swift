@testable import RexCore
import Testing

/// White-box tests of `PendingCallback`: each path of its value (set, replaced, taken, taken when
/// there is none), with the take checked after each delivery, in this debug build.
@Suite("A callback subscription's pending value")
struct PendingCallbackTests {
    final class Received: @unchecked Sendable {  // used on the test's thread only
        var values: [Int] = []
    }

    @Test("A value offered is delivered once and let go; a value offered again before the delivery replaces it; a delivery with none calls nothing")
    func paths() {
        let received = Received()
        let pending = PendingCallback<Int> { received.values.append($0) }

        pending.deliver()  // take when empty
        #expect(received.values.isEmpty && pending.value == nil)

        pending.value = 1  // set
        pending.deliver()  // take
        pending.checkTaken()
        #expect(received.values == [1] && pending.value == nil)

        pending.deliver()  // nothing left to take
        #expect(received.values == [1])

        pending.value = 2
        pending.value = 3  // replace
        pending.deliver()
        pending.checkTaken()
        #expect(received.values == [1, 3] && pending.value == nil)
    }

    @Test("The value is let go before the callback runs: the callback may offer the next one, which the next delivery brings")
    func takenBeforeTheCallback() {
        let received = Received()
        let box = PendingBox()
        let pending = PendingCallback<Int> { value in
            received.values.append(value)
            #expect(box.pending?.value == nil)
            if value == 1 { box.pending?.value = 2 }
        }
        box.pending = pending
        pending.value = 1
        pending.deliver()
        #expect(pending.value == 2)
        pending.deliver()
        pending.checkTaken()
        #expect(received.values == [1, 2])
    }

    final class PendingBox: @unchecked Sendable {  // used on the test's thread only
        var pending: PendingCallback<Int>?
    }

    @Test("A callback selection, small or large, keeps each value offered until its delivery")
    func selections() {
        let received = Received()
        for selection in [Selection<Int>.callback { received.values.append($0) }, .largeCallback { received.values.append($0) }] {
            #expect(selection.offer(4))
            #expect(selection.offer(5))
            selection.deliver()
            selection.deliver()
        }
        #expect(received.values == [5, 5])
    }
}
