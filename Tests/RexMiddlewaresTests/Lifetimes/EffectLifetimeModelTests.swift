import RexCore
@_spi(Testing) import RexMiddlewares
import RexTestSupport
import Testing

@Suite("Effects end with their state: against a model")
struct EffectLifetimeModelTests {
    /// What the model knows: which parts are in the state, and which have an effect running.
    struct Model {
        var rows: Set<Int> = []
        var drafts: Set<String> = []
        var detail: Int?
        var live: Set<String> = []
    }

    @Test("Random appearances, disappearances, edits and watches of rows, keys and a detail leave exactly the effects the model says live, and no effect's late action reaches the reducer", arguments: [1, 2, 3])
    func randomSequences(seed: UInt64) async throws {
        // 900 steps that each wait for effects' tasks: beside CI's heaviest tests, which keep
        // both cores busy for a minute, a short deadline could run out.
        try await withDeadline(.seconds(180)) {
            var random = SplitMix64(seed: seed)
            let (events, sink) = WatchEvents.makeStream()
            // Seed 2 runs the lifts' checks in their IO; the others, where the store keeps the
            // state (see `EffectsEndWithStateTests.Fixture`).
            let fixture = EffectsEndWithStateTests.Fixture(events: sink, observed: seed != 2)
            let store = fixture.store
            var model = Model()
            var running: [String: Int] = [:]  // starts minus ends, from the events
            var next = events.makeAsyncIterator()
            let keys = ["a", "bb", "ccc", "dddd"]

            for step in 1...300 {
                let id = Int(random.next() % 6) + 1
                let key = keys[Int(random.next() % UInt64(keys.count))]
                switch random.next() % 10 {
                case 0:
                    await store.dispatchAndWait(.addRow(id))
                    model.rows.insert(id)
                case 1:
                    await store.dispatchAndWait(.removeRow(id))
                    model.rows.remove(id)
                    model.live.remove("row \(id)")
                case 2 where model.rows.contains(id) && !model.live.contains("row \(id)"):
                    await store.dispatchAndWait(.row(ElementIDAction(id: id, action: .watch)))
                    model.live.insert("row \(id)")
                case 3:
                    await store.dispatchAndWait(.row(ElementIDAction(id: id, action: .edit)))
                case 4 where model.drafts.contains(key) == false:
                    await store.dispatchAndWait(.addDraft(key))
                    model.drafts.insert(key)
                case 5:
                    await store.dispatchAndWait(.removeDraft(key))
                    model.drafts.remove(key)
                    model.live.remove("draft \(key.count)")
                case 6 where model.drafts.contains(key) && !model.live.contains("draft \(key.count)"):
                    await store.dispatchAndWait(.draft(ElementIDAction(id: key, action: .watch)))
                    model.live.insert("draft \(key.count)")
                case 7 where model.detail == nil:
                    await store.dispatchAndWait(.open(id))
                    model.detail = id
                case 8:
                    await store.dispatchAndWait(.close)
                    if let open = model.detail { model.live.remove("detail \(open)") }
                    model.detail = nil
                case 9 where model.detail != nil && !model.live.contains("detail \(model.detail!)"):
                    await store.dispatchAndWait(.detail(.watch))
                    model.live.insert("detail \(model.detail!)")
                default:
                    await store.dispatchAndWait(.nothing)
                }
                if step % 25 == 0 {
                    // The effects' events catch up with the model: one effect running for each
                    // live part, none for the others. Until they do, or the deadline fails the
                    // test. A cancelled effect says "end" from its own task, so the next effect of
                    // its part may say "start" first: a count of 2 for a while is no fault (CI saw
                    // one when this loop stopped at the first moment the live parts matched), a
                    // count that stays is.
                    let expected = Dictionary(uniqueKeysWithValues: model.live.map { ($0, 1) })
                    while running.filter({ $0.value != 0 }) != expected, let event = await next.next() {
                        let (kind, part) = (event.prefix(while: { $0 != " " }), String(event.drop(while: { $0 != " " }).dropFirst()))
                        running[part, default: 0] += kind == "start" ? 1 : -1
                    }
                    // Had the events ended before they caught up, the loop would have stopped short.
                    #expect(running.filter { $0.value != 0 } == expected, "step \(step), seed \(seed)")
                }
            }
            await store.dispatchAndWait(.nothing)
            #expect(store.state.ticks == 0)
        }
    }
}
