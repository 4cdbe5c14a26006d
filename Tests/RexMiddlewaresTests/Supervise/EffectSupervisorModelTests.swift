import RexCore
import RexMiddlewares
import RexTesting
import RexTestSupport
import Testing

@Suite("State-driven effects against a model")
struct EffectSupervisorModelTests {
    @Test("Random appearances, removals and edits start, restart and cancel exactly what a model of the live effects says", arguments: [1, 2, 3] as [UInt64])
    func randomSequencesMatchTheModel(seed: UInt64) async throws {
        // 600 steps that each wait for effects' tasks: beside CI's heaviest tests, which keep
        // both cores busy for a minute, the default 30 s was not enough.
        try await withDeadline(.seconds(180)) {
            var random = SplitMix64(seed: seed)
            let events = EventLog()
            let (supervisor, store) = EffectSupervisorTests.downloads(events: events)
            // The model: which effect is live, for each key, with which value.
            var live: [Int: String] = [:]
            for step in 0..<200 {
                let key = Int.random(in: 0..<6, using: &random)
                let value = ["a", "b", "c"].randomElement(using: &random)!
                var expected: [String] = []
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    store.dispatch(.remove(key))
                    if let old = live.removeValue(forKey: key) { expected = ["cancel \(key) \(old)"] }
                case 1:
                    store.dispatch(.bump)
                default:
                    store.dispatch(.add(key, value))
                    switch live[key] {
                    case nil: expected = ["start \(key) \(value)"]
                    case value: expected = []
                    case let old?: expected = ["cancel \(key) \(old)", "start \(key) \(value)"]
                    }
                    live[key] = value
                }
                let seen = await events.next(expected.count)
                #expect(seen.sorted() == expected.sorted(), "step \(step), seed \(seed)")
                #expect(supervisor.keptEffectKeys.count == live.count, "step \(step), seed \(seed)")
            }
            for key in live.keys {
                store.dispatch(.remove(key))
            }
            let last = await events.next(live.count)
            #expect(last.sorted() == live.map { "cancel \($0.key) \($0.value)" }.sorted())
            await supervisor.waitForEffects()
            // Nothing more than the model said: the next event is the test's own.
            events.record("end")
            #expect(await events.next(1) == ["end"])
            #expect(supervisor.runningEffectCount == 0)
        }
    }
}
