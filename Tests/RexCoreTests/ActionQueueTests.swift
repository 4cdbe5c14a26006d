@testable import RexCore
import Testing

/// White-box tests of the store's queue: first in, first out across each of its paths (emptied
/// when drained, the consumed prefix dropped when producers never let it drain).
@Suite("The action queue's memory")
struct ActionQueueTests {
    static func item(_ value: Int) -> ActionQueue<Int>.Item {
        ActionQueue<Int>.Item(DispatchedAction(value, dispatcher: .here()), completion: nil)
    }

    @Test("Drained, it empties its buffer but keeps the room, and goes on in order")
    func drained() {
        var queue = ActionQueue<Int>()
        for value in 0..<10 { queue.append(Self.item(value)) }
        var taken: [Int] = []
        while !queue.isEmpty { taken.append(queue.removeFirst().dispatchedAction.action) }
        #expect(taken == Array(0..<10))
        #expect(queue.items.isEmpty && queue.head == 0 && queue.items.capacity >= 10)
        queue.append(Self.item(10))
        #expect(queue.removeFirst().dispatchedAction.action == 10)
    }

    @Test("Never drained, it drops the consumed prefix once it is the larger half, and keeps the order")
    func compacted() {
        var queue = ActionQueue<Int>()
        var next = 0
        var expected = 0
        var compactions = 0
        // A producer two ahead of the consumer: the queue never drains.
        for _ in 0..<5_000 {
            queue.append(Self.item(next)); next += 1
            queue.append(Self.item(next)); next += 1
            let headBefore = queue.head
            #expect(queue.removeFirst().dispatchedAction.action == expected)
            expected += 1
            if queue.head < headBefore { compactions += 1 }
            #expect(queue.head < 1024 || queue.head * 2 < queue.items.count)
        }
        #expect(compactions > 0)
        #expect(queue.items.count - queue.head == next - expected)
        while !queue.isEmpty {
            #expect(queue.removeFirst().dispatchedAction.action == expected)
            expected += 1
        }
        #expect(expected == next)
    }
}
