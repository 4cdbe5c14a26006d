import RexCore

/// W15: history. An `IdentifiedArray` of items, a row reducer lifted by id, and a subscriber that
/// keeps the state after every turn in a ring of 1,000, as undo keeps its steps; each action
/// toggles one item by id. A kept state shares the array's storage, so the next change must copy
/// what it touches (a chunk and the path to it), not the list. With `keeping: false`, the same
/// store without the ring: what the snapshots add.
public final class HistoryWorkload {
    typealias Item = ByIDWorkload.Item
    typealias Action = ByIDWorkload.Action
    typealias State = ByIDWorkload.State

    /// The states kept: written by the subscriber, in the turns of `run`, on its thread.
    final class Ring: @unchecked Sendable {
        var states: [State?]
        var next = 0

        init(capacity: Int) {
            states = Array(repeating: nil, count: capacity)
        }

        func keep(_ state: consuming State) {
            states[next] = consume state
            next = next + 1 == states.count ? 0 : next + 1
        }
    }

    let store: ReduxStoreBase<Action, State>
    let ring: Ring
    let token: SubscriptionToken?
    var schedule: ToggleSchedule
    let itemCount: Int

    public init(items itemCount: Int, keeping: Bool = true, ringSize: Int = 1_000) {
        self.itemCount = itemCount
        store = ByIDWorkload(items: itemCount).store
        schedule = ToggleSchedule(itemCount: itemCount)
        let ring = Ring(capacity: ringSize)
        self.ring = ring
        token = keeping ? store.subscribe { ring.keep($0) } : nil
    }

    /// Toggles the items with the next `actions` ids, and checks some of them; checks that the
    /// newest kept state is the live one.
    public func run(actions: Int) {
        let store = store
        schedule.run(actions: actions, toggle: { store.dispatch(.item(ElementIDAction(id: $0, action: .toggle))) }) {
            let items = store.state.items
            return { items[id: $0]?.done }
        }
        guard token != nil, actions > 0 else { return }
        let newest = ring.states[(ring.next + ring.states.count - 1) % ring.states.count]!.items
        let live = store.state.items
        check(stride(from: 0, to: itemCount, by: max(1, itemCount / 16)).allSatisfy { newest[$0].done == live[$0].done }, "W15", "the newest kept state is not the live one")
    }

    /// How many states the ring holds.
    public var keptCount: Int {
        ring.states.lazy.filter { $0 != nil }.count
    }
}
