import RexCore
import RexMiddlewares
import RexTesting
import RexTestSupport
import Testing

@Suite("State-driven effects across threads")
struct EffectSupervisorThreadTests {
    @Test("Effects that send from their own threads while their keys come and go leave nothing behind (the thread sanitizer checks this)")
    func sendingWhileKeysChange() async throws {
        try await withDeadline {
            let supervisor = TransferEffects.supervise(\.downloads, each: { $0 }) { id, url in
                .run { context in
                    // Sends from the effect's thread while the test's turns change the set.
                    for _ in 0..<50 where !Task.isCancelled {
                        context.send(.progressed(id, url))
                        await Task.yield()
                    }
                    try? await context.dependencies.clock.sleep(for: .seconds(1_000))
                }
            }
            .inject(TransferDependencies(clock: TestClock(), events: EventLog()))
            let store = ReduxStoreBase(initialState: TransferState(), reducer: transferReducer, middleware: supervisor)
            for round in 0..<20 {
                for key in 0..<8 {
                    store.dispatch(round.isMultiple(of: 3) && key.isMultiple(of: 2) ? .remove(key) : .add(key, "r\(round % 2)"))
                }
                await Task.yield()
            }
            store.dispatch(.clear)
            await supervisor.waitForEffects()
            #expect(supervisor.runningEffectCount == 0)
            #expect(supervisor.keptEffectKeys.isEmpty)
            // Every effect has ended: what any of them sent is processed by now, and nothing
            // more comes.
            await store.dispatchAndWait(.bump)
            let progress = store.state.progress.count
            await store.dispatchAndWait(.bump)
            #expect(store.state.progress.count == progress)
        }
    }
}
