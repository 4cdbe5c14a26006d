@testable import RexCore
import Testing

/// White-box tests of `SelectionGroup`, the typed groups as the store keeps them: members join
/// through the erased `join` (its `unsafeDowncast`), leave from the middle and last, and join
/// again, with the group's invariant checked after each step, in this debug build.
@Suite("A selection group, without its types")
struct SelectionGroupTests {
    struct Item: Identifiable, Sendable, Equatable {
        let id: Int
        var title: String
    }

    typealias List = IdentifiedArray<Int, Item>

    static func subscriber(_ id: UInt64) -> Subscriber<Int> {
        Subscriber(id: id, selection: Selection(offer: { _ in true }, deliver: {}))
    }

    /// A de-duplicating member that maps a state to `state * factor`.
    static func member(_ factor: Int) -> SelectionGroupMember<Int> {
        SelectionGroupMember(transform: { $0 * factor }, passOn: { _ in true })
    }

    /// The ids of the subscribers `group` notes for `state`.
    static func offer(_ state: Int, to group: SelectionGroup<Int>) -> [UInt64] {
        var state = state
        var pending = ContiguousArray<Subscriber<Int>>()
        group.offer(&state, &pending)
        return pending.map(\.id)
    }

    @Test("Members of one value type share a group: join, leave from the middle, leave last, join again")
    func deduplicating() {
        let group = Self.member(1).makeGroup()
        group.checkInvariants()
        #expect(group.key == Self.member(2).key)
        for id in 1...3 as ClosedRange<UInt64> {
            #expect(Self.member(Int(id)).join(group, Self.subscriber(id), 0))
            group.checkInvariants()
        }
        #expect(group.memberIDs() == [1, 2, 3])
        #expect(Self.offer(1, to: group) == [1, 2, 3])

        #expect(group.leave(2)?.id == 2)  // from the middle
        group.checkInvariants()
        #expect(group.memberIDs() == [1, 3])
        #expect(Self.offer(2, to: group) == [1, 3])

        #expect(group.leave(3)?.id == 3)
        #expect(group.leave(1)?.id == 1)  // the last
        #expect(group.leave(1) == nil)
        group.checkInvariants()
        #expect(group.memberIDs().isEmpty)
        #expect(Self.offer(3, to: group).isEmpty)

        #expect(Self.member(5).join(group, Self.subscriber(4), 3))  // again
        group.checkInvariants()
        #expect(group.memberIDs() == [4])
        #expect(Self.offer(3, to: group).isEmpty)  // 15, as on joining
        #expect(Self.offer(4, to: group) == [4])
    }

    @Test("Row members of one collection share a group; the key tells collections apart")
    func rows() {
        let path: KeyPath<List, List> & Sendable = \List.self
        func member(_ id: Int) -> SelectionGroupMember<List> {
            SelectionGroupMember(
                rowOf: id, in: path, collection: KeyPathReader(path), transform: { $0.title }, fallback: { "gone" },
                keepLast: { _ in }, passOn: { _ in true }
            )
        }
        var list = List(uniqueElements: (1...3).map { Item(id: $0, title: "item \($0)") })
        let group = member(1).makeGroup()
        group.checkInvariants()
        #expect(group.key == member(2).key)
        #expect(group.key != Self.member(1).key)
        let subscriber = { (id: UInt64) in Subscriber<List>(id: id, selection: Selection(offer: { _ in true }, deliver: {})) }
        #expect(member(1).join(group, subscriber(1), list))
        #expect(member(2).join(group, subscriber(2), list))
        #expect(member(1).join(group, subscriber(3), list))
        group.checkInvariants()
        #expect(Set(group.memberIDs()) == [1, 2, 3])

        list[id: 1]?.title = "changed"
        var pending = ContiguousArray<Subscriber<List>>()
        group.offer(&list, &pending)
        #expect(pending.map(\.id) == [1, 3])

        #expect(group.leave(2)?.id == 2)
        #expect(group.leave(1)?.id == 1)
        #expect(group.leave(3)?.id == 3)
        group.checkInvariants()
        #expect(group.memberIDs().isEmpty)
        #expect(member(2).join(group, subscriber(4), list))
        #expect(group.memberIDs() == [4])
    }
}
