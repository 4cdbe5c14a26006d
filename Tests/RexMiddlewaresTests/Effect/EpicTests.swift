import RexCore
import RexMiddlewares
import RexTestSupport
import Testing

@Suite("Epics")
struct EpicTests {
    /// The seed's example, for one input: a `ping` is answered with a `pong`.
    @Sendable static func answer(_ input: EpicInput<LookupAction, LookupState>) -> LookupAction? {
        input.action == .ping ? .pong : nil
    }

    /// Answers every `ping` with a `pong`, and says when its input stream ended.
    static func pingPong(ended: AsyncStream<Void>.Continuation) -> EpicMiddleware<LookupAction, LookupState> {
        EpicMiddleware { inputs in
            let (outputs, send) = AsyncStream.makeStream(of: LookupAction.self)
            Task {
                for await input in inputs {
                    if let answer = answer(input) { send.yield(answer) }
                }
                ended.yield()
                send.finish()
            }
            return outputs
        }
    }

    typealias Inputs = AsyncStream<EpicInput<LookupAction, LookupState>>

    /// The epic of the seed's example: each `ping` becomes a `pong`.
    @Sendable static func pingToPong(_ inputs: Inputs) -> AsyncCompactMapSequence<Inputs, LookupAction> {
        inputs.compactMap(answer)
    }

    @Test("An epic is a function of streams: it can be tested by feeding it inputs, without a store")
    func epicWithoutStore() async {
        let (inputs, feed) = Inputs.makeStream()
        feed.yield(EpicInput(action: .ping, state: LookupState()))
        feed.yield(EpicInput(action: .search("q"), state: LookupState()))
        feed.yield(EpicInput(action: .ping, state: LookupState()))
        feed.finish()
        var outputs: [LookupAction] = []
        for await action in Self.pingToPong(inputs) {
            outputs.append(action)
        }
        #expect(outputs == [.pong, .pong])
    }

    @Test("The same epic, given to a store, answers ping with pong")
    func epicInStore() async throws {
        try await withDeadline {
            let store = ReduxStoreBase(
                initialState: LookupState(),
                reducer: lookupReducer,
                middleware: EpicMiddleware(Self.pingToPong)
            )
            store.dispatch(.ping)
            await store.waitUntil { $0.pongs == 1 }
            #expect(store.state.pongs == 1)
        }
    }

    @Test("Releasing the store ends the epic's input stream")
    func releasingTheStoreEndsTheEpic() async throws {
        try await withDeadline {
            let (ended, endedSignal) = AsyncStream.makeStream(of: Void.self)
            weak var weakStore: ReduxStoreBase<LookupAction, LookupState>?
            do {
                let store = ReduxStoreBase(
                    initialState: LookupState(),
                    reducer: lookupReducer,
                    middleware: Self.pingPong(ended: endedSignal)
                )
                weakStore = store
                store.dispatch(.ping)
                await store.waitUntil { $0.pongs == 1 }
            }
            #expect(weakStore == nil)
            var iterator = ended.makeAsyncIterator()
            #expect(await iterator.next() != nil)
        }
    }

    @Test("Actions an epic dispatches carry the place the epic was made")
    func epicActionsCarryTheirSource() async throws {
        try await withDeadline {
            let sources = Recorder<ActionSource>()
            let recorder = AnyMiddleware<LookupAction, LookupAction, LookupState> { action, source, _ in
                if action == .pong { sources.record(source) }
                return .pure()
            }
            let (_, endedSignal) = AsyncStream.makeStream(of: Void.self)
            let epic = Self.pingPong(ended: endedSignal)
            let store = ReduxStoreBase(initialState: LookupState(), reducer: lookupReducer, middleware: recorder <> epic)
            store.dispatch(.ping)
            await store.waitUntil { $0.pongs == 1 }
            #expect(sources.values.map(\.function) == ["pingPong(ended:)"])
            #expect(sources.values.map(\.info) == ["epic"])
        }
    }
}
