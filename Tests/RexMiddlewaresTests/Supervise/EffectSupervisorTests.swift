import RexCore
import RexMiddlewares
import RexTesting
import RexTestSupport
import Testing

@Suite("State-driven effects")
struct EffectSupervisorTests {
    /// A supervisor of a transfer per download, counting how often it derives the set; and a
    /// store running it.
    static func downloads(
        clock: TestClock = TestClock(),
        events: EventLog,
        derivations: Recorder<Int>? = nil
    ) -> (TransferEffects.Supervisor, ReduxStoreBase<TransferAction, TransferState>) {
        let supervisor = TransferEffects.supervise(
            \.downloads,
            each: { downloads in
                derivations?.record(downloads.count)
                return downloads
            },
            effect: { id, url in transfer(id: id, url: url) }
        )
        .inject(TransferDependencies(clock: clock, events: events))
        return (supervisor, ReduxStoreBase(initialState: TransferState(), reducer: transferReducer, middleware: supervisor))
    }

    @Test("A key that appears starts its effect with its value; one that goes is cancelled, as task cancellation")
    func startsAndCancels() async throws {
        try await withDeadline {
            let events = EventLog()
            let (supervisor, store) = Self.downloads(events: events)
            store.dispatch(.add(1, "a"))
            #expect(await events.next(1) == ["start 1 a"])
            store.dispatch(.add(2, "b"))
            #expect(await events.next(1) == ["start 2 b"])
            #expect(supervisor.runningEffectCount == 2)
            store.dispatch(.remove(1))
            #expect(await events.next(1) == ["cancel 1 a"])
            store.dispatch(.remove(2))
            #expect(await events.next(1) == ["cancel 2 b"])
            await supervisor.waitForEffects()
            #expect(supervisor.runningEffectCount == 0)
        }
    }

    @Test("A key whose value changes restarts its effect with the new value; the others run on")
    func restartsOnChange() async throws {
        try await withDeadline {
            let events = EventLog()
            let clock = TestClock()
            let (supervisor, store) = Self.downloads(clock: clock, events: events)
            store.dispatch(.add(1, "a"))
            store.dispatch(.add(2, "b"))
            #expect(Set(await events.next(2)) == ["start 1 a", "start 2 b"])
            store.dispatch(.retarget(1, "c"))
            #expect(Set(await events.next(2)) == ["cancel 1 a", "start 1 c"])
            await clock.waitForSleepers(2)
            #expect(supervisor.keptEffectKeys == ["1", "2"])
            // The same value again: nothing restarts.
            store.dispatch(.retarget(2, "b"))
            clock.advance(by: .seconds(1))
            await store.waitUntil { $0.progress.count == 2 }
            #expect(store.state.progress.sorted() == ["1 c", "2 b"])
            store.dispatch(.remove(1))
            store.dispatch(.remove(2))
            #expect(Set(await events.next(2)) == ["cancel 1 c", "cancel 2 b"])
        }
    }

    @Test("A turn that leaves the watched part alone derives nothing, whatever the action")
    func unchangedPartDerivesNothing() async throws {
        try await withDeadline {
            let events = EventLog()
            let derivations = Recorder<Int>()
            let (supervisor, store) = Self.downloads(events: events, derivations: derivations)
            store.dispatch(.add(1, "a"))
            #expect(await events.next(1) == ["start 1 a"])
            #expect(derivations.values == [1])
            for _ in 0..<100 {
                store.dispatch(.bump)
            }
            #expect(store.state.bumps == 100)
            #expect(derivations.values == [1])
            store.dispatch(.add(2, "b"))
            #expect(await events.next(1) == ["start 2 b"])
            #expect(derivations.values == [1, 2])
            store.dispatch(.remove(1))
            store.dispatch(.remove(2))
            #expect(Set(await events.next(2)) == ["cancel 1 a", "cancel 2 b"])
            await supervisor.waitForEffects()
        }
    }

    @Test("A set of 10,000 keys that no action changes is derived once, and its effects run on")
    func largeUnchangedSetDerivedOnce() async throws {
        try await withDeadline {
            let derivations = Recorder<Int>()
            var state = TransferState()
            state.downloads = Dictionary(uniqueKeysWithValues: (0..<10_000).map { ($0, "u\($0)") })
            // Effects that only wait to be cancelled: the test is about the set, not the effects.
            let supervisor = TransferEffects.supervise(
                \.downloads,
                each: { downloads in
                    derivations.record(downloads.count)
                    return downloads
                },
                effect: { _, _ in .run { _ in try? await Task.sleep(for: .seconds(86_400)) } }
            )
            .inject(TransferDependencies(clock: TestClock(), events: EventLog()))
            let store = ReduxStoreBase(initialState: state, reducer: transferReducer, middleware: supervisor)
            for _ in 0..<1_000 {
                store.dispatch(.bump)
            }
            #expect(derivations.values == [10_000])
            #expect(supervisor.runningEffectCount == 10_000)
            #expect(supervisor.keptEffectKeys.count == 10_000)
            store.dispatch(.clear)
            #expect(derivations.values == [10_000, 0])
            await supervisor.waitForEffects()
            #expect(supervisor.runningEffectCount == 0)
        }
    }

    @Test("What an effect sends after its key left the set is dropped")
    func lateActionsAreDropped() async throws {
        try await withDeadline {
            let events = EventLog()
            let supervisor = TransferEffects.supervise(\.downloads, each: { $0 }) { id, url in
                .run { context in
                    context.send(.progressed(id, url))
                    events.record("sent \(id)")
                    do {
                        try await context.dependencies.clock.sleep(for: .seconds(1_000))
                    } catch {
                        // Cancelled: its key left. What it sends now must not reach the store.
                        context.send(.progressed(id, "late"))
                        events.record("sent late \(id)")
                    }
                }
            }
            .inject(TransferDependencies(clock: TestClock(), events: events))
            let store = ReduxStoreBase(initialState: TransferState(), reducer: transferReducer, middleware: supervisor)
            store.dispatch(.add(1, "a"))
            #expect(await events.next(1) == ["sent 1"])
            await store.waitUntil { $0.progress == ["1 a"] }
            store.dispatch(.remove(1))
            #expect(await events.next(1) == ["sent late 1"])
            await supervisor.waitForEffects()
            // Had the late action been dispatched, it would be processed before this one.
            await store.dispatchAndWait(.bump)
            #expect(store.state.progress == ["1 a"])
            #expect(store.state.bumps == 1)
        }
    }

    @Test("What a restarted effect sends after its restart is dropped; the new one's reaches the store")
    func restartedEffectsActionsAreDropped() async throws {
        try await withDeadline {
            let events = EventLog()
            let supervisor = TransferEffects.supervise(\.downloads, each: { $0 }) { id, url in
                .run { context in
                    events.record("start \(url)")
                    do {
                        try await context.dependencies.clock.sleep(for: .seconds(1_000))
                    } catch {
                        context.send(.progressed(id, "late \(url)"))
                        events.record("sent late \(url)")
                    }
                }
            }
            .inject(TransferDependencies(clock: TestClock(), events: events))
            let store = ReduxStoreBase(initialState: TransferState(), reducer: transferReducer, middleware: supervisor)
            store.dispatch(.add(1, "a"))
            #expect(await events.next(1) == ["start a"])
            store.dispatch(.retarget(1, "b"))
            #expect(Set(await events.next(2)) == ["start b", "sent late a"])
            store.dispatch(.remove(1))
            #expect(await events.next(1) == ["sent late b"])
            await supervisor.waitForEffects()
            await store.dispatchAndWait(.bump)
            #expect(store.state.progress.isEmpty)
        }
    }

    @Test("The one-effect form runs while the value is there, and restarts when it changes")
    func singleEffectFollowsOptional() async throws {
        try await withDeadline {
            let events = EventLog()
            let socket = TransferEffects.supervise(\.session) { token in
                .run { context in
                    events.record("open \(token)")
                    do {
                        try await context.dependencies.clock.sleep(for: .seconds(1_000))
                    } catch {
                        events.record("close \(token)")
                    }
                }
            }
            .inject(TransferDependencies(clock: TestClock(), events: events))
            let store = ReduxStoreBase(initialState: TransferState(), reducer: transferReducer, middleware: socket)
            store.dispatch(.bump)
            #expect(socket.runningEffectCount == 0)
            store.dispatch(.login("t1"))
            #expect(await events.next(1) == ["open t1"])
            #expect(socket.keptEffectKeys.count == 1)
            #expect(socket.keptEffectKeys.first?.hasPrefix("supervise at ") == true)
            store.dispatch(.login("t2"))
            #expect(Set(await events.next(2)) == ["close t1", "open t2"])
            store.dispatch(.logout)
            #expect(await events.next(1) == ["close t2"])
            await socket.waitForEffects()
            #expect(socket.runningEffectCount == 0)
            #expect(socket.keptEffectKeys.isEmpty)
        }
    }

    @Test("An effect that ends by itself is not restarted while its key stays, nor named as kept")
    func endedEffectStaysEnded() async throws {
        try await withDeadline {
            let events = EventLog()
            let supervisor = TransferEffects.supervise(\.downloads, each: { $0 }) { id, url in
                .run { context in
                    events.record("ran \(id) \(url)")
                    context.send(.progressed(id, url))
                }
            }
            .inject(TransferDependencies(clock: TestClock(), events: events))
            let store = ReduxStoreBase(initialState: TransferState(), reducer: transferReducer, middleware: supervisor)
            store.dispatch(.add(1, "a"))
            #expect(await events.next(1) == ["ran 1 a"])
            await supervisor.waitForEffects()
            await store.waitUntil { $0.progress == ["1 a"] }
            store.dispatch(.add(2, "b"))
            #expect(await events.next(1) == ["ran 2 b"])
            await supervisor.waitForEffects()
            await store.waitUntil { $0.progress.count == 2 }
            #expect(store.state.progress == ["1 a", "2 b"])
            #expect(supervisor.keptEffectKeys.isEmpty)
        }
    }

    @Test("Releasing the store cancels the effects the state kept")
    func releasingTheStoreCancels() async throws {
        try await withDeadline {
            let events = EventLog()
            var store: ReduxStoreBase<TransferAction, TransferState>? = Self.downloads(events: events).1
            store?.dispatch(.add(1, "a"))
            #expect(await events.next(1) == ["start 1 a"])
            store = nil
            #expect(await events.next(1) == ["cancel 1 a"])
        }
    }

    @Test("Lifted, it watches the part of its own state, and its effects are counted through the lift")
    func liftedSupervisor() async throws {
        try await withDeadline {
            struct AppState: Equatable, Sendable {
                var transfers = TransferState()
            }
            let events = EventLog()
            let supervisor = TransferEffects.supervise(\.downloads, each: { $0 }) { id, url in transfer(id: id, url: url) }
                .inject(TransferDependencies(clock: TestClock(), events: events))
            let lifted = supervisor.lift(state: \AppState.transfers)
            let store = ReduxStoreBase(
                initialState: AppState(),
                reducer: transferReducer.lift(state: \AppState.transfers),
                middleware: lifted
            )
            store.dispatch(.add(1, "a"))
            #expect(await events.next(1) == ["start 1 a"])
            #expect(lifted.runningEffectCount == 1)
            #expect(lifted.keptEffectKeys == ["1"])
            store.dispatch(.remove(1))
            #expect(await events.next(1) == ["cancel 1 a"])
            await lifted.waitForEffects()
        }
    }
}
