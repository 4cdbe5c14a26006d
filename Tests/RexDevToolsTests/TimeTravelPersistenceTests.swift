import Foundation
import RexCore
import RexDevTools
import RexMiddlewares
import RexTesting
import Testing

/// A persistence middleware composed inside the traveller: held while travelling, it never
/// writes a past state over the live one.
@Suite("TimeTravel with persistence")
struct TimeTravelPersistenceTests {
    typealias Domain = RecorderDomain
    static let debounce = Duration.milliseconds(500)

    /// A travelling app whose `items` are persisted to `storage`, on a clock the test advances.
    struct App {
        let clock = TestClock()
        let recorder = RexDevTools.Recorder<Domain.Action, Domain.State>()
        let travel: TimeTravel<Domain.Action, Domain.State>
        let store: Domain.Store
        let events: AsyncStream<PersistenceEvent<[String]>>

        init(storage: InMemoryStorage) {
            let (events, continuation) = AsyncStream.makeStream(of: PersistenceEvent<[String]>.self)
            self.events = events
            let persistence = PersistenceMiddleware<Domain.Action, Domain.State, [String]>(
                part: \.items,
                storage: storage,
                debounce: TimeTravelPersistenceTests.debounce,
                clock: clock,
                report: { event in
                    continuation.yield(event)
                    return nil
                }
            )
            travel = TimeTravel(recorder: recorder)
            store = Domain.Store(
                initialState: persistence.restoring(Domain.State()),
                reducer: travel.reducer(Domain.reducer),
                middleware: travel.middleware(recorder.middleware <> persistence)
            )
        }
    }

    /// The items `storage` holds.
    static func saved(in storage: InMemoryStorage) -> [String]? {
        guard let data = storage.data, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["data"] as? [String]
    }

    @Test("A save pending when the travel begins writes the live state, not the state travelled to", .timeLimit(.minutes(1)))
    func pendingSaveWritesTheLiveState() async {
        let storage = InMemoryStorage()
        let app = App(storage: storage)
        var events = app.events.makeAsyncIterator()
        app.store.dispatch(.add("Milk"))
        app.store.dispatch(.add("Tea"))
        await app.clock.waitForSleepers(1)
        app.travel.jump(to: 0, in: app.store)
        #expect(app.store.state.items == ["Milk"])
        // Two waits of the debounce: the check saves at the first or at the second.
        app.clock.advance(by: Self.debounce)
        await app.clock.waitForSleepers(1)
        app.clock.advance(by: Self.debounce)
        guard case .saved(let part, _, _) = await events.next() else {
            Issue.record("no save reported")
            return
        }
        #expect(part == ["Milk", "Tea"])
        #expect(Self.saved(in: storage) == ["Milk", "Tea"])
        #expect(app.travel.isTravelling)
    }

    @Test("A store that goes while travelling (the app quits) saves its live state")
    func storeGoneWhileTravellingSavesTheLiveState() {
        let storage = InMemoryStorage()
        do {
            let app = App(storage: storage)
            app.store.dispatch(.add("Milk"))
            app.store.dispatch(.add("Tea"))
            app.travel.jump(to: 0, in: app.store)
            #expect(app.store.state.items == ["Milk"])
        }
        #expect(Self.saved(in: storage) == ["Milk", "Tea"])
    }
}
