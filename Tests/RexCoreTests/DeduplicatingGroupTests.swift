@testable import RexCore
import Testing

/// White-box tests of `DeduplicatingGroup`'s own memory: each path that allocates, moves or
/// releases (its invariant is also checked after each change, in this debug build).
@Suite("The de-duplicating group's memory")
struct DeduplicatingGroupTests {
    typealias Group = DeduplicatingGroup<Int, Int>

    /// A subscriber whose offers are counted.
    static func subscriber(_ id: UInt64) -> Subscriber<Int> {
        Subscriber(id: id, selection: Selection(offer: { _ in true }, deliver: {}))
    }

    /// Joins a subscriber that maps the state by `transform`.
    static func join(_ group: Group, _ subscriber: Subscriber<Int>, state: Int, transform: @escaping @Sendable (Int) -> Int = { $0 }) {
        _ = group.join(subscriber, transform: transform, passOn: { _ in true }, state: state)
    }

    @Test("Members join past the first room and each later doubling, in order, and each is offered states")
    func growth() {
        let group = Group()
        #expect(group.capacity == 0)
        for id in 1...20 as ClosedRange<UInt64> {
            Self.join(group, Self.subscriber(id), state: 0)
        }
        #expect(group.count == 20 && group.capacity == 32)
        #expect(group.memberIDs == Array(1...20))
        var pending = ContiguousArray<Subscriber<Int>>()
        group.offer(1, into: &pending)
        #expect(pending.map(\.id) == Array(1...20))
        pending.removeAll()
        group.offer(1, into: &pending)
        #expect(pending.isEmpty)  // the same value: deduplicated
    }

    @Test("A member leaving from the middle, the front or the end leaves the others in order, and an unknown id changes nothing")
    func leaving() {
        let group = Group()
        for id in 1...10 as ClosedRange<UInt64> {
            Self.join(group, Self.subscriber(id), state: 0, transform: { $0 * Int(id) })
        }
        #expect(group.leave(5)?.id == 5)
        #expect(group.leave(1)?.id == 1)
        #expect(group.leave(10)?.id == 10)
        #expect(group.leave(42) == nil)
        #expect(group.memberIDs == [2, 3, 4, 6, 7, 8, 9])
        // The members that moved kept their own mapping and last value.
        var pending = ContiguousArray<Subscriber<Int>>()
        group.offer(1, into: &pending)
        #expect(pending.map(\.id) == [2, 3, 4, 6, 7, 8, 9])
    }

    @Test("The group lets go of a leaving member's subscriber, and of every member's when it ends")
    func release() {
        weak var left: Subscriber<Int>?
        weak var stayed: Subscriber<Int>?
        var group: Group? = Group()
        do {
            let leaving = Self.subscriber(1)
            let staying = Self.subscriber(2)
            left = leaving
            stayed = staying
            Self.join(group!, leaving, state: 0)
            Self.join(group!, staying, state: 0)
        }
        #expect(left != nil && stayed != nil)  // held by the group's retained mappings
        _ = group?.leave(1)
        #expect(left == nil)
        #expect(stayed != nil)
        group = nil
        #expect(stayed == nil)
    }
}
