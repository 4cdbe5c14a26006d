import RexCore
import RexMiddlewares
import RexTesting
import RexTestSupport
import Testing

@Suite("State-driven effects of a part that comes and goes")
struct EffectSupervisorLiftedTests {
    /// A screen whose transfers part opens and closes; the parent records every action it sees
    /// for the part, to show what reaches the reducer.
    struct ScreenState: Equatable, Sendable {
        var transfers: TransferState?
        var seen: [String] = []
    }

    enum ScreenAction: Sendable {
        case open
        case close
        case transfers(TransferAction)

        var transfers: TransferAction? {
            if case .transfers(let action) = self { action } else { nil }
        }
    }

    static let screenReducer = Reducer<ScreenAction, ScreenState>.reduce { action, state in
        switch action {
        case .open: state.transfers = TransferState()
        case .close: state.transfers = nil
        case .transfers(let action): state.seen.append("\(action)")
        }
    }

    /// The screen's store, its transfers' supervisor lifted into the optional part: each
    /// transfer reports its start, waits to be cancelled, then sends a late action and reports it.
    static func screen(events: EventLog) -> ReduxStoreBase<ScreenAction, ScreenState> {
        let supervisor = TransferEffects.supervise(\.downloads, each: { $0 }) { id, url in
            .run { context in
                events.record("start \(id) \(url)")
                do {
                    try await context.dependencies.clock.sleep(for: .seconds(1_000))
                } catch {
                    context.send(.progressed(id, "late"))
                    events.record("cancel \(id) \(url)")
                }
            }
        }
        .inject(TransferDependencies(clock: TestClock(), events: events))
        return ReduxStoreBase(
            initialState: ScreenState(),
            reducer: transferReducer.liftOptional(action: \ScreenAction.transfers, state: \ScreenState.transfers) <> screenReducer,
            middleware: supervisor.liftOptional(inputAction: \.transfers, outputAction: ScreenAction.transfers, state: \ScreenState.transfers)
        )
    }

    @Test("Closing the part cancels its state-driven effects, and drops what they send afterwards")
    func closingCancelsAndDrops() async throws {
        try await withDeadline {
            let events = EventLog()
            let store = Self.screen(events: events)
            store.dispatch(.open)
            store.dispatch(.transfers(.add(1, "a")))
            #expect(await events.next(1) == ["start 1 a"])
            store.dispatch(.close)
            #expect(await events.next(1) == ["cancel 1 a"])
            await store.dispatchAndWait(.open)
            #expect(store.state.seen == ["add(1, \"a\")"])
        }
    }

    @Test("Opened again with the same set, the part starts its state-driven effects again")
    func reopeningStartsAgain() async throws {
        try await withDeadline {
            let events = EventLog()
            let store = Self.screen(events: events)
            store.dispatch(.open)
            store.dispatch(.transfers(.add(1, "a")))
            #expect(await events.next(1) == ["start 1 a"])
            store.dispatch(.close)
            #expect(await events.next(1) == ["cancel 1 a"])
            store.dispatch(.open)
            store.dispatch(.transfers(.add(1, "a")))
            #expect(await events.next(1) == ["start 1 a"])
            store.dispatch(.close)
            #expect(await events.next(1) == ["cancel 1 a"])
        }
    }
}
