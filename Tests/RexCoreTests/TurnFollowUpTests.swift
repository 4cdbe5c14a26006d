@testable import RexCore
import RexTestSupport
import Testing

/// The store's follow-up of a committed-state observer (`CommittedStateObserving`,
/// `TurnFollowUp`): the observer sees the initial state when the store is made, then each
/// committed state in the reducer; what it asks for runs after the turn's other IOs, the
/// initial state's at the end of the first turn, each turn's in that turn, in a batch too.
@Suite("A committed-state observer's follow-up")
struct TurnFollowUpTests {
    /// A middleware whose IO records "io N" for each action N, and whose observer records the
    /// state it sees and asks for "after N" for each even state N.
    struct Observing: MiddlewareProtocol, CommittedStateObserving {
        let log: RexTestSupport.Recorder<String>

        func handle(action: Int, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<Int> {
            IO { [log] _ in log.record("io \(action)") }
        }

        func committedStateObserver() -> CommittedStateObserver<Int, Int>? {
            { [log] state in
                log.record("saw \(state)")
                guard state.isMultiple(of: 2) else { return .pure() }
                return IO { [state] _ in log.record("after \(state)") }
            }
        }
    }

    static func store(_ log: RexTestSupport.Recorder<String>) -> ReduxStoreBase<Int, Int> {
        ReduxStoreBase(initialState: 0, reducer: .reduce { action, state in state = action }, middleware: Observing(log: log))
    }

    @Test("The slot keeps what is asked in order, and a take leaves nothing")
    func slot() {
        let log = RexTestSupport.Recorder<String>()
        let followUp = TurnFollowUp<Int>()
        #expect(followUp.take().isPure)
        followUp.add(IO { _ in log.record("a") })
        followUp.add(.pure())
        followUp.add(IO { _ in log.record("b") })
        followUp.take().run(AnyActionHandler { _ in })
        #expect(log.values == ["a", "b"])
        #expect(followUp.take().isPure && followUp.pending.isPure)
    }

    @Test("The initial state is seen when the store is made; each turn's follow-up runs after its IO, the initial state's after the first turn's")
    func order() {
        let log = RexTestSupport.Recorder<String>()
        let store = Self.store(log)
        #expect(log.values == ["saw 0"])
        store.dispatch(1)
        #expect(log.values == ["saw 0", "saw 1", "io 1", "after 0"])
        store.dispatch(2)
        store.dispatch(3)
        #expect(Array(log.values.dropFirst(4)) == ["saw 2", "io 2", "after 2", "saw 3", "io 3"])
    }

    @Test("In a batch, each action's follow-up runs in its own turn, after its IO; with a subscriber too", arguments: [false, true])
    func batch(withSubscriber: Bool) {
        let log = RexTestSupport.Recorder<String>()
        let store = Self.store(log)
        let subscription = withSubscriber ? store.subscribe { _ in } : nil
        store.dispatch(contentsOf: [2, 3, 4])
        #expect(Array(log.values.dropFirst()) == ["saw 2", "io 2", "after 0", "after 2", "saw 3", "io 3", "saw 4", "io 4", "after 4"])
        withExtendedLifetime(subscription) {}
    }
}
