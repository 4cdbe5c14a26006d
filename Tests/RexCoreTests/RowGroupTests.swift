@testable import RexCore
import Testing

/// White-box tests of `RowGroup`'s tables: each path of `join` and `leave` (a row's first member
/// and its others; the first leaving while others stay, a middle row leaving while the last takes
/// its place), with the whole invariant checked after each step in this debug build.
@Suite("The row group's tables")
struct RowGroupTests {
    struct Item: Identifiable, Sendable, Equatable {
        let id: Int
        var title: String
    }

    typealias List = IdentifiedArray<Int, Item>
    typealias Group = RowGroup<List, Int, Item, String>

    static let list = List(uniqueElements: (1...5).map { Item(id: $0, title: "item \($0)") })

    static func subscriber(_ id: UInt64) -> Subscriber<List> {
        Subscriber(id: id, selection: Selection(offer: { _ in true }, deliver: {}))
    }

    /// Joins subscriber `subscriberID` to the row of `id`; returns the row's value on joining.
    @discardableResult
    static func join(_ group: Group, _ subscriberID: UInt64, row id: Int) -> String {
        let joined = Recorder()
        _ = group.join(
            subscriber(subscriberID),
            id: id,
            transform: { $0.title },
            passOn: { joined.value = $0; return true },
            keepLast: { _ in },
            fallback: "gone",
            state: list
        )
        group.checkInvariants()
        return joined.value
    }

    /// Which subscribers are members, row by row in the group's order, the first member first.
    static func members(_ group: Group) -> [[UInt64]] {
        group.rows.map { row in [row.subscriber.id] + (group.moreMembers[row.id] ?? []).map(\.subscriber.id) }
    }

    final class Recorder: @unchecked Sendable {  // used on the test's thread only
        var value = ""
    }

    @Test("A row's first member takes a row; later members of the row wait behind it; a missing element's row gets the fallback")
    func joining() {
        let group = Group(collection: KeyPathReader(\List.self))
        #expect(Self.join(group, 1, row: 2) == "item 2")
        Self.join(group, 2, row: 4)
        Self.join(group, 3, row: 2)
        Self.join(group, 4, row: 2)
        #expect(Self.join(group, 5, row: 9) == "gone")
        #expect(Self.members(group) == [[1, 3, 4], [2], [5]])
        #expect(group.rowPositions == [2: 0, 4: 1, 9: 2])
    }

    @Test("The first member leaving hands the row to the next; a later member leaves its place; the last leaving removes the row, the last row taking its place")
    func leaving() {
        let group = Group(collection: KeyPathReader(\List.self))
        Self.join(group, 1, row: 1)
        Self.join(group, 2, row: 1)
        Self.join(group, 3, row: 1)
        Self.join(group, 4, row: 2)
        Self.join(group, 5, row: 3)

        #expect(group.leave(1)?.id == 1)
        group.checkInvariants()
        #expect(Self.members(group) == [[2, 3], [4], [5]])

        #expect(group.leave(3)?.id == 3)
        group.checkInvariants()
        #expect(Self.members(group) == [[2], [4], [5]])
        #expect(group.moreMembers.isEmpty)

        // The row of 1 goes; the last row (3) takes its place.
        #expect(group.leave(2)?.id == 2)
        group.checkInvariants()
        #expect(Self.members(group) == [[5], [4]])
        #expect(group.rowPositions == [3: 0, 2: 1])

        #expect(group.leave(42) == nil)
        #expect(group.leave(2) == nil)
        group.checkInvariants()
        #expect(group.leave(4)?.id == 4)
        #expect(group.leave(5)?.id == 5)
        group.checkInvariants()
        #expect(group.rows.isEmpty && group.rowPositions.isEmpty && group.rowOfSubscriber.isEmpty)
    }
}
