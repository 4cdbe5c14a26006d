@testable import RexCore
import Testing

/// White-box tests of the store core's subscriber tables and pending deliveries: each path of
/// subscribing (one by one, into a new group, into a group there is), unsubscribing (from either
/// table, twice), a turn's offers and deliveries (one, several in id order, one cancelled
/// meanwhile) and the emptying as the store goes, with the whole invariant checked after each
/// step, in this debug build.
@Suite("The store core's subscribers")
struct StoreCoreSubscribeTests {
    typealias Core = StoreCore<Int, Int>

    final class Received: @unchecked Sendable {  // used on the test's thread only
        var values: [String] = []
    }

    /// A selection that records `name: value` for each value delivered.
    static func plain(_ name: String, _ received: Received) -> Selection<Int> {
        .callback { received.values.append("\(name): \($0)") }
    }

    /// A de-duplicating selection of `state * factor`, as a projection makes.
    static func grouped(_ name: String, factor: Int, _ received: Received) -> Selection<Int> {
        plain(name, received).mappedRemovingDuplicates { $0 * factor }
    }

    /// Runs a turn's notification as the store does: the state set, offered under both locks,
    /// delivered under the delivery lock alone; `meanwhile` runs between the offers and the
    /// deliveries, with the delivery lock held.
    static func commit(_ state: Int, to core: Core, meanwhile: () -> Void = {}) {
        core.deliveryLock.lock()
        let held = core.lockFields()
        held.fields.pointee.state = state
        core.offerToSubscribers(&held.fields.pointee.state, held)
        held.unlock()
        meanwhile()
        core.deliverPending()
        core.deliveryLock.unlock()
        core.checkSubscriberTables()
    }

    static func tables(_ core: Core) -> (plain: [UInt64], groups: [[UInt64]], grouped: Int) {
        let held = core.lockFields()
        let fields = held.fields.pointee
        held.unlock()
        return (fields.subscribers.map(\.id), fields.groups.map { $0.memberIDs() }, fields.groupedCount)
    }

    @Test("Subscribing puts a plain selection in the list and a de-duplicating one in its value type's group, made at its first member; each is delivered the state at once")
    func subscribing() {
        let core = Core(state: 1)
        let received = Received()
        let tokens = [
            core.subscribe(selection: Self.plain("a", received)),
            core.subscribe(selection: Self.grouped("b", factor: 10, received)),
            core.subscribe(selection: Self.grouped("c", factor: 100, received)),
            core.subscribe(selection: Self.plain("d", received)),
        ]
        core.checkSubscriberTables()
        #expect(received.values == ["a: 1", "b: 10", "c: 100", "d: 1"])
        let tables = Self.tables(core)
        #expect(tables.plain == [0, 3] && tables.groups == [[1, 2]] && tables.grouped == 2)
        withExtendedLifetime(tokens) {}
    }

    @Test("Unsubscribing takes a subscriber out of its table and cancels it; a second time does nothing")
    func unsubscribing() {
        let core = Core(state: 1)
        let received = Received()
        var tokens: [SubscriptionToken] = []
        defer { withExtendedLifetime(tokens) {} }
        for (index, selection) in [Self.plain("a", received), Self.grouped("b", factor: 2, received), Self.plain("c", received), Self.grouped("d", factor: 3, received)].enumerated() {
            tokens.append(core.subscribe(selection: selection))
            #expect(Self.tables(core).plain.count + Self.tables(core).grouped == index + 1)
        }
        core.unsubscribe(0)
        core.checkSubscriberTables()
        core.unsubscribe(1)
        core.checkSubscriberTables()
        core.unsubscribe(1)  // twice
        core.checkSubscriberTables()
        let tables = Self.tables(core)
        #expect(tables.plain == [2] && tables.groups == [[3]] && tables.grouped == 1)
        received.values.removeAll()
        Self.commit(5, to: core)
        #expect(received.values == ["c: 5", "d: 15"])
    }

    @Test("A turn delivers one subscriber, or several in the order they subscribed, grouped or not, and leaves nothing pending")
    func delivering() {
        let core = Core(state: 0)
        let received = Received()
        var tokens: [SubscriptionToken] = []
        defer { withExtendedLifetime(tokens) {} }
        tokens.append(core.subscribe(selection: Self.grouped("a", factor: 1, received)))
        received.values.removeAll()
        Self.commit(1, to: core)  // one pending
        #expect(received.values == ["a: 1"])
        Self.commit(1, to: core)  // none: the same value
        #expect(received.values == ["a: 1"])

        tokens.append(core.subscribe(selection: Self.plain("b", received)))
        tokens.append(core.subscribe(selection: Self.grouped("c", factor: 2, received)))
        received.values.removeAll()
        Self.commit(2, to: core)  // several, put back in order
        #expect(received.values == ["a: 2", "b: 2", "c: 4"])
    }

    @Test("A subscriber cancelled after a turn's offers and before its deliveries is not delivered")
    func cancelledMeanwhile() {
        let core = Core(state: 0)
        let received = Received()
        let tokens = [
            core.subscribe(selection: Self.plain("a", received)),
            core.subscribe(selection: Self.grouped("b", factor: 1, received)),
        ]
        defer { withExtendedLifetime(tokens) {} }
        received.values.removeAll()
        Self.commit(1, to: core) {
            core.unsubscribe(0)
            core.unsubscribe(1)
        }
        #expect(received.values.isEmpty)
    }

    @Test("As the store goes, the tables are emptied and the subscribers let go")
    func removingAll() {
        weak var subscriber: PendingCallback<Int>?
        let core = Core(state: 0)
        var tokens: [SubscriptionToken] = []
        defer { withExtendedLifetime(tokens) {} }
        do {
            let pending = PendingCallback<Int> { _ in }
            subscriber = pending
            tokens.append(core.subscribe(selection: Selection(offer: { pending.value = $0; return true }, deliver: { pending.deliver() })))
            tokens.append(core.subscribe(selection: Self.grouped("b", factor: 1, Received())))
        }
        #expect(subscriber != nil)
        core.removeAllSubscribers()
        core.checkSubscriberTables()
        let tables = Self.tables(core)
        #expect(tables.plain.isEmpty && tables.groups.isEmpty && tables.grouped == 0)
        #expect(subscriber == nil)
    }
}
