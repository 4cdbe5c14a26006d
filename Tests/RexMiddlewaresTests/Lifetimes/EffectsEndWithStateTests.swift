import RexCore
@_spi(Testing) import RexMiddlewares
import RexTestSupport
import Testing

@Suite("Effects end with their state")
struct EffectsEndWithStateTests {
    /// The store of every kind of part, each with its own watching effects.
    struct Fixture {
        let rows: EffectMiddleware<WatchAction, WatchAction, Watched, Void>
        let drafts: EffectMiddleware<WatchAction, WatchAction, Watched, Void>
        let detail: EffectMiddleware<WatchAction, WatchAction, Watched, Void>
        let screen: EffectMiddleware<WatchAction, WatchAction, Watched, Void>
        let store: ReduxStoreBase<ComingAndGoingAction, ComingAndGoingState>

        /// With `observed` false, the middleware reaches the store inside a wrapper that hands it
        /// no observer of committed states, so that the collection lifts check in their IO
        /// (as when lifted further) rather than where the store keeps the state.
        init(events: WatchEvents.Continuation, initialState: ComingAndGoingState = ComingAndGoingState(), observed: Bool = true) {
            rows = watchEffects(part: { "row \($0.id)" }, events: events)
            drafts = watchEffects(part: { "draft \($0.id)" }, events: events)
            detail = watchEffects(part: { "detail \($0.id)" }, events: events)
            screen = watchEffects(part: { "screen \($0.id)" }, events: events)
            let middleware =
                rows.liftToCollection(inputAction: \ComingAndGoingAction.row, outputAction: ComingAndGoingAction.row, state: \ComingAndGoingState.rows)
                <> drafts.liftToCollection(
                    inputAction: \ComingAndGoingAction.draft, outputAction: ComingAndGoingAction.draft, state: \ComingAndGoingState.drafts)
                <> detail.liftOptional(inputAction: \ComingAndGoingAction.detail, outputAction: ComingAndGoingAction.detail, state: \ComingAndGoingState.detail)
                <> screen.liftOptional(
                    inputAction: \ComingAndGoingAction.screen, outputAction: ComingAndGoingAction.screen, state: \ComingAndGoingState.screen.watching)
            store = ReduxStoreBase(
                initialState: initialState,
                reducer: comingAndGoingReducer,
                middleware: observed ? AnyMiddleware(middleware) : AnyMiddleware(NotObserved(inner: middleware))
            )
        }

        var runningEffectCount: Int {
            rows.runningEffectCount + drafts.runningEffectCount + detail.runningEffectCount + screen.runningEffectCount
        }
    }

    /// Runs `inner`, and hands the store no observer of committed states.
    struct NotObserved<Inner: MiddlewareProtocol>: MiddlewareProtocol {
        let inner: Inner

        func handle(action: Inner.InputActionType, from dispatcher: ActionSource, state: @escaping GetState<Inner.StateType>) -> IO<Inner.OutputActionType> {
            inner.handle(action: action, from: dispatcher, state: state)
        }
    }

    @Test("Removing a row cancels that row's effect only, and what the effect sends afterwards never reaches the reducer; checked where the store keeps the state, or in the lift's IO", arguments: [true, false])
    func removedRow(observed: Bool) async throws {
        try await withDeadline {
            let (events, sink) = WatchEvents.makeStream()
            let fixture = Fixture(events: sink, observed: observed)
            let store = fixture.store
            for id in 1...3 {
                await store.dispatchAndWait(.addRow(id))
                await store.dispatchAndWait(.row(ElementIDAction(id: id, action: .watch)))
            }
            var next = events.makeAsyncIterator()
            #expect(await read(3, from: &next) == ["start row 1", "start row 2", "start row 3"])

            await store.dispatchAndWait(.removeRow(2))
            #expect(await next.next() == "end row 2")
            await store.dispatchAndWait(.nothing)  // after the tick, had it been queued
            #expect(store.state.ticks == 0)

            await store.dispatchAndWait(.removeRow(1))
            #expect(await next.next() == "end row 1")  // not row 3: it is still there
            await store.dispatchAndWait(.row(ElementIDAction(id: 3, action: .edit)))
            #expect(store.state.rows[id: 3]?.edits == 1)
            #expect(fixture.rows.runningEffectCount >= 1)

            await store.dispatchAndWait(.removeRow(3))
            #expect(await next.next() == "end row 3")
            await fixture.rows.waitForEffects()
            #expect(store.state.ticks == 0)
            #expect(fixture.runningEffectCount == 0)
        }
    }

    @Test("A row removed and added again with the same id starts afresh: the first effect ends, the second runs", arguments: [true, false])
    func rowAddedAgain(observed: Bool) async throws {
        try await withDeadline {
            let (events, sink) = WatchEvents.makeStream()
            let fixture = Fixture(events: sink, observed: observed)
            let store = fixture.store
            var next = events.makeAsyncIterator()
            await store.dispatchAndWait(.addRow(1))
            await store.dispatchAndWait(.row(ElementIDAction(id: 1, action: .watch)))
            #expect(await next.next() == "start row 1")
            await store.dispatchAndWait(.removeRow(1))
            await store.dispatchAndWait(.addRow(1))
            #expect(await next.next() == "end row 1")
            await store.dispatchAndWait(.row(ElementIDAction(id: 1, action: .watch)))
            #expect(await next.next() == "start row 1")
            await store.dispatchAndWait(.nothing)
            #expect(fixture.rows.runningEffectCount == 1)
            await store.dispatchAndWait(.removeRow(1))
            #expect(await next.next() == "end row 1")
            await fixture.rows.waitForEffects()
            #expect(store.state.ticks == 0)
        }
    }

    @Test("Removing a dictionary key cancels that key's effect only")
    func removedKey() async throws {
        try await withDeadline {
            let (events, sink) = WatchEvents.makeStream()
            let fixture = Fixture(events: sink)
            let store = fixture.store
            var next = events.makeAsyncIterator()
            for key in ["a", "bb"] {
                await store.dispatchAndWait(.addDraft(key))
                await store.dispatchAndWait(.draft(ElementIDAction(id: key, action: .watch)))
            }
            #expect(await read(2, from: &next) == ["start draft 1", "start draft 2"])
            await store.dispatchAndWait(.removeDraft("a"))
            #expect(await next.next() == "end draft 1")
            await store.dispatchAndWait(.draft(ElementIDAction(id: "bb", action: .edit)))
            #expect(store.state.drafts["bb"]?.edits == 1)
            await store.dispatchAndWait(.removeDraft("bb"))
            #expect(await next.next() == "end draft 2")
            await fixture.drafts.waitForEffects()
            #expect(store.state.ticks == 0)
        }
    }

    @Test("Closing a detail cancels its effect; opened again, the detail's new effect runs")
    func closedDetail() async throws {
        try await withDeadline {
            let (events, sink) = WatchEvents.makeStream()
            let fixture = Fixture(events: sink)
            let store = fixture.store
            var next = events.makeAsyncIterator()
            await store.dispatchAndWait(.open(5))
            await store.dispatchAndWait(.detail(.watch))
            #expect(await next.next() == "start detail 5")
            await store.dispatchAndWait(.close)
            #expect(await next.next() == "end detail 5")
            await store.dispatchAndWait(.nothing)
            #expect(store.state.ticks == 0)

            await store.dispatchAndWait(.open(6))
            await store.dispatchAndWait(.detail(.watch))
            #expect(await next.next() == "start detail 6")
            await store.dispatchAndWait(.detail(.edit))
            #expect(store.state.detail?.edits == 1)
            #expect(fixture.detail.runningEffectCount == 1)
            await store.dispatchAndWait(.close)
            #expect(await next.next() == "end detail 6")
            await fixture.detail.waitForEffects()
            #expect(store.state.ticks == 0)
        }
    }

    @Test("A detail replaced by one of another id ends the first detail's effect")
    func replacedDetail() async throws {
        try await withDeadline {
            let (events, sink) = WatchEvents.makeStream()
            let fixture = Fixture(events: sink)
            let store = fixture.store
            var next = events.makeAsyncIterator()
            await store.dispatchAndWait(.open(5))
            await store.dispatchAndWait(.detail(.watch))
            #expect(await next.next() == "start detail 5")
            await store.dispatchAndWait(.open(6))  // another item's detail in its place
            #expect(await next.next() == "end detail 5")
            await store.dispatchAndWait(.detail(.watch))
            #expect(await next.next() == "start detail 6")
            await store.dispatchAndWait(.nothing)
            #expect(store.state.ticks == 0)
            await store.dispatchAndWait(.close)
            #expect(await next.next() == "end detail 6")
            await fixture.detail.waitForEffects()
        }
    }

    @Test("Leaving an enum case cancels the effect of the feature lifted into it")
    func leftCase() async throws {
        try await withDeadline {
            let (events, sink) = WatchEvents.makeStream()
            let fixture = Fixture(events: sink)
            let store = fixture.store
            var next = events.makeAsyncIterator()
            await store.dispatchAndWait(.enterWatching(7))
            await store.dispatchAndWait(.screen(.watch))
            #expect(await next.next() == "start screen 7")
            await store.dispatchAndWait(.screen(.edit))
            #expect(store.state.screen.watching?.edits == 1)
            await store.dispatchAndWait(.leave)
            #expect(await next.next() == "end screen 7")
            await fixture.screen.waitForEffects()
            #expect(store.state.ticks == 0)
            #expect(store.state.screen == .list)
        }
    }

    @Test("An effect asked for by the action that removes its own state is cancelled as it starts")
    func startedByTheRemovingAction() async throws {
        try await withDeadline {
            let (events, sink) = WatchEvents.makeStream()
            let fixture = Fixture(events: sink, initialState: ComingAndGoingState(detail: Watched(id: 9)))
            let store = fixture.store
            // One batch: the detail's `watch` is handled while the detail is there, and its IO runs
            // after the batch's `close` took the detail away.
            store.dispatch(contentsOf: [.detail(.watch), .close])
            await fixture.detail.waitForEffects()
            await store.dispatchAndWait(.nothing)
            #expect(store.state.ticks == 0)
            #expect(fixture.detail.runningEffectCount == 0)
            sink.finish()
            var seen: [String] = []
            for await event in events { seen.append(event) }
            #expect(seen.allSatisfy { $0.hasSuffix("detail 9") })
        }
    }

    /// Reads `count` events, sorted (effects of one burst start in any order).
    func read(_ count: Int, from iterator: inout WatchEvents.AsyncIterator) async -> [String] {
        var read: [String] = []
        while read.count < count, let event = await iterator.next() {
            read.append(event)
        }
        return read.sorted()
    }
}
