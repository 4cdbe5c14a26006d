import RexCore
@_spi(Testing) import RexMiddlewares
import RexTestSupport
import Testing

@Suite("Effects")
struct EffectTests {
    func store(_ effects: EffectMiddleware<LookupAction, LookupAction, LookupState, Void>) -> ReduxStoreBase<LookupAction, LookupState> {
        ReduxStoreBase(initialState: LookupState(), reducer: lookupReducer, middleware: effects)
    }

    @Test("just, sequence, promise, run and stream send their actions back to the store")
    func factoriesSendActions() async throws {
        try await withDeadline {
            let effects = EffectMiddleware<LookupAction, LookupAction, LookupState, Void>.onAction { action, _, _ in
                guard case .search(let query) = action else { return .doNothing }
                switch query {
                case "just": return .just(.results("just"))
                case "sequence": return .sequence([.results("s1"), .results("s2")])
                case "promise": return .promise { _ in .results("promised") }
                case "run": return .run { context in context.send(.results("ran")) }
                case "stream": return .stream { _ in AsyncStream { continuation in
                    continuation.yield(.results("e1"))
                    continuation.yield(.results("e2"))
                    continuation.finish()
                } }
                default: return .doNothing
                }
            }
            let store = store(effects)
            for query in ["just", "sequence", "promise", "run", "stream"] {
                store.dispatch(.search(query))
                await effects.waitForEffects()
            }
            #expect(store.state.results == ["just", "s1", "s2", "promised", "ran", "e1", "e2"])
        }
    }

    @Test("fireAndForget runs its work and sends nothing")
    func fireAndForgetSendsNothing() async throws {
        try await withDeadline {
            let ran = Recorder<String>()
            let effects = EffectMiddleware<LookupAction, LookupAction, LookupState, Void>.onAction { action, _, _ in
                guard case .search(let query) = action else { return .doNothing }
                return .fireAndForget { _ in ran.record(query) }
            }
            let store = store(effects)
            store.dispatch(.search("q"))
            await effects.waitForEffects()
            #expect(ran.values == ["q"])
            #expect(store.state == LookupState())
        }
    }

    @Test("doNothing gives a pure IO")
    func doNothingIsPure() {
        let effects = EffectMiddleware<LookupAction, LookupAction, LookupState, Void>.onAction { _, _, _ in .doNothing }
        #expect(effects.handle(action: .ping, from: .here(), state: { LookupState() }).isPure)
    }

    @Test("Actions an effect sends carry the place the effect was made, and its token")
    func effectActionsCarryTheirSource() async throws {
        try await withDeadline {
            let sources = Recorder<ActionSource>()
            let recorder = AnyMiddleware<LookupAction, LookupAction, LookupState> { action, source, _ in
                if case .results = action { sources.record(source) }
                return .pure()
            }
            let effects = EffectMiddleware<LookupAction, LookupAction, LookupState, Void>.onAction { action, _, _ in
                guard action == .search("q") else { return .doNothing }
                return Effect.just(.results("r")).cancellable("search")
            }
            let line = UInt(#line) - 2
            let store = ReduxStoreBase(initialState: LookupState(), reducer: lookupReducer, middleware: recorder <> effects)
            store.dispatch(.search("q"))
            await effects.waitForEffects()
            #expect(sources.values == [ActionSource(file: #fileID, function: "effectActionsCarryTheirSource()", line: line, info: "effect search")])
        }
    }

    @Test("10,000 effects that finish at once all arrive, and leave nothing registered")
    func finishedEffectsLeaveNothing() async throws {
        try await withDeadline {
            let effects = EffectMiddleware<LookupAction, LookupAction, LookupState, Void>.onAction { action, _, _ in
                guard case .many(let number) = action else { return .doNothing }
                return Effect.just(.results("\(number)")).cancellable(number)
            }
            let store = store(effects)
            for number in 0..<10_000 {
                store.dispatch(.many(number))
            }
            await effects.waitForEffects()
            #expect(store.state.results.count == 10_000)
            #expect(Set(store.state.results).count == 10_000)
            #expect(effects.runningEffectCount == 0)
            #expect(effects.activeTokenCount == 0)
        }
    }

    /// Whether this system has `Task.immediate`, which lets a just's task start inside its IO.
    static var startsTasksImmediately: Bool {
        #if REX_NO_IMMEDIATE_TASKS
        return false
        #else
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) { return true }
        return false
        #endif
    }

    @Test(
        "A just's action is processed before the dispatch that asked for it returns",
        .enabled(if: startsTasksImmediately, "needs Task.immediate; elsewhere the action comes later")
    )
    func justRunsAtOnce() throws {
        // Where `Task.immediate` exists, a just's task starts and ends inside the IO, so its
        // action is queued before the dispatch that started it returns. Elsewhere its task
        // starts on the global executor, and the action comes later.
        let effects = EffectMiddleware<LookupAction, LookupAction, LookupState, Void>.onAction { action, _, _ in
            guard case .search(let query) = action else { return .doNothing }
            return Effect.just(.results(query)).cancellable(query)
        }
        let store = store(effects)
        store.dispatch(.search("a"))
        store.dispatch(.search("b"))
        #expect(store.state.results == ["a", "b"])
        #expect(effects.runningEffectCount == 0)
        #expect(effects.activeTokenCount == 0)
    }

    @Test("An IO run twice starts its effect twice")
    func ioRunTwiceStartsTwice() async throws {
        try await withDeadline {
            let effects = EffectMiddleware<LookupAction, LookupAction, LookupState, Void>.onAction { action, _, _ in
                guard case .search(let query) = action else { return .doNothing }
                return .promise { _ in .results(query) }
            }
            let sent = Recorder<LookupAction>()
            let io = effects.handle(action: .search("q"), from: .here(), state: { LookupState() })
            let output = AnyActionHandler<LookupAction> { sent.record($0.action) }
            io.run(output)
            io.run(output)
            await effects.waitForEffects()
            #expect(sent.values == [.results("q"), .results("q")])
            #expect(effects.runningEffectCount == 0)
        }
    }

    @Test("An epic maps ping to pong, seeing each action after the reducer")
    func epicPingPong() async throws {
        try await withDeadline {
            let seenStates = Recorder<Int>()
            let epic = EpicMiddleware<LookupAction, LookupState> { inputs in
                inputs.compactMap { input -> LookupAction? in
                    seenStates.record(input.state.pongs)
                    return EpicTests.answer(input)
                }
            }
            let store = ReduxStoreBase(initialState: LookupState(), reducer: lookupReducer, middleware: epic)
            store.dispatch(.ping)
            await store.waitUntil { $0.pongs == 1 }
            store.dispatch(.ping)
            await store.waitUntil { $0.pongs == 2 }
            #expect(store.state.pongs == 2)
            // The epic saw ping (0 pongs), pong (1), ping (1), and eventually pong (2).
            #expect(Array(seenStates.values.prefix(3)) == [0, 1, 1])
        }
    }
}
