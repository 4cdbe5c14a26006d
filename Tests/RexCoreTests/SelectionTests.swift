@testable import RexCore
import Testing

/// White-box tests of `Selection`'s steps when they run on their own (outside a store's group):
/// a mapping, a de-duplicating mapping (its `SelectionBox`: nothing kept yet, the same value, a
/// new value) and a row (its element present, changed, gone before and after a value, back).
@Suite("A selection's steps")
struct SelectionTests {
    final class Received: @unchecked Sendable {  // used on the test's thread only
        var values: [String] = []
        var kept: [String] = []
    }

    /// Offers each state to `selection` and delivers when it says there is something to deliver.
    static func run<State>(_ selection: Selection<State>, _ states: [State]) {
        for state in states where selection.offer(state) {
            selection.deliver()
        }
    }

    @Test("A mapped selection passes every value on; a de-duplicating one only a value that differs from the last passed on")
    func mapping() {
        let received = Received()
        let callback = Selection<String>.callback { received.values.append($0) }
        let mapped: Selection<Int> = callback.mapped { "\($0 / 10)" }
        Self.run(mapped, [1, 2, 15])
        #expect(received.values == ["0", "0", "1"])
        received.values.removeAll()

        let deduplicated: Selection<Int> = callback.mappedRemovingDuplicates { "\($0 / 10)" }
        #expect(deduplicated.groupMember != nil)
        Self.run(deduplicated, [1, 2, 15, 19, 3])  // nothing kept, the same, new, the same, new
        #expect(received.values == ["0", "1", "0"])
    }

    @Test("A row passes on its element's value when it changes, its fallback when the element is gone at first, and keeps its last value while the element is gone")
    func row() {
        struct Item: Identifiable, Sendable, Equatable {
            let id: Int
            var title: String
        }
        typealias List = IdentifiedArray<Int, Item>
        let received = Received()
        let path: KeyPath<List, List> & Sendable = \List.self
        let selection = Selection<List>.row(
            2, in: path, collection: KeyPathReader(path), transform: { $0.title }, fallback: { "none" },
            keepLast: { received.kept.append($0) }, passOn: { received.values.append($0); return false }, deliver: {}
        )
        var list = List(uniqueElements: [Item(id: 1, title: "a")])
        Self.run(selection, [list])  // gone before any value: the fallback
        list.append(Item(id: 2, title: "b"))
        Self.run(selection, [list, list])  // present, then the same
        list[id: 2]?.title = "c"
        Self.run(selection, [list])  // changed
        list.remove(id: 2)
        Self.run(selection, [list])  // gone after a value: kept
        list.append(Item(id: 2, title: "c"))
        Self.run(selection, [list])  // back, as it was
        list[id: 2]?.title = "d"
        Self.run(selection, [list])
        #expect(received.values == ["none", "b", "c", "d"])
        #expect(received.kept == ["c"])
    }
}
