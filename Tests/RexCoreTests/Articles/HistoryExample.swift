import Foundation
import RexCore
import Testing

// The code of the Performance article's "Keeping history cheap", compiled and run here.

struct Item: Identifiable, Sendable {
    let id: Int
    var name: String
}

struct Inventory: Sendable {
    var items: IdentifiedArrayOf<Item>  // kept copies share all but the chunks a change touches
    var tags: [String]                  // the first change after a kept copy copies it whole
}

/// The states a store committed, each kept as it was.
final class StateHistory: @unchecked Sendable {  // `states` is guarded by `lock`
    private let lock = NSLock()
    private var states: [Inventory] = []

    func keep(_ state: consuming Inventory) {
        lock.lock()
        defer { lock.unlock() }
        states.append(consume state)  // moved in: no copy
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return states.count
    }
}

@Suite("Performance article: keeping history cheap")
struct HistoryExampleTests {
    @Test("Kept states keep their contents while the live one changes")
    func keptStates() {
        var inventory = Inventory(items: IdentifiedArray(uniqueElements: (0..<10_000).map { Item(id: $0, name: "Item \($0)") }), tags: [])
        var history: [Inventory] = []
        for id in 0..<100 {
            history.append(inventory)                  // keeping a state: O(1)
            inventory.items[id: id]?.name += " (sold)"  // copies one chunk of 8 items, not 10,000
        }
        #expect(history.count == 100)
        #expect(history[0].items[id: 0]?.name == "Item 0" && history[99].items[id: 98]?.name == "Item 98 (sold)")
        #expect(inventory.items[id: 99]?.name == "Item 99 (sold)" && inventory.items[id: 100]?.name == "Item 100")
    }

    @Test("A subscriber keeps each state it is handed, moved in")
    func subscriberKeepsStates() {
        let inventory = Inventory(items: IdentifiedArray(uniqueElements: (0..<100).map { Item(id: $0, name: "Item \($0)") }), tags: [])
        let store = ReduxStoreBase<Never, Inventory>(initialState: inventory, reducer: .identity)
        let keptStates = StateHistory()
        let keeping = store.subscribe { state in keptStates.keep(state) }
        #expect(keptStates.count == 1)
        keeping.cancel()
    }
}
