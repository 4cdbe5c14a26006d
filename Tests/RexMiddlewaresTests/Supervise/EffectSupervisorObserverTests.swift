import RexCore
import RexMiddlewares
import RexTestSupport
import Testing

/// Which compositions hand the store a supervisor's observer of committed states (see
/// `CommittedStateObserving`): a supervisor alone, in a `<>` chain on either side, in a
/// `ComposedMiddleware` and through `AnyMiddleware`; not a lifted one, which checks by reading
/// the state, as before. And a store whose supervisor is observed starts, restarts and cancels
/// as the state says, with actions that leave the part alone in between, its check run after
/// the turn's other IOs and before the turn is over.
@Suite("A supervisor's observer of committed states")
struct EffectSupervisorObserverTests {
    struct State: Sendable {
        var items: [Int: String] = [:]
        var other = 0
        var child = Child()
    }

    struct Child: Sendable {
        var items: [Int: String] = [:]
    }

    enum Action: Sendable {
        case set([Int: String])
        case bump
        case started(Int, String)
    }

    typealias Effects = EffectMiddleware<Action, Action, State, Void>

    /// Sets the items, or bumps the other field, which leaves them alone.
    static let reducer = Reducer<Action, State>.reduce { action, state in
        switch action {
        case .set(let items): state.items = items
        case .bump: state.other += 1
        case .started: break
        }
    }

    static func supervisor() -> Effects.Supervisor {
        Effects.supervise(\.items, each: { $0 }) { key, value in
            .run { context in context.send(.started(key, value)) }
        }
    }

    struct Plain: MiddlewareProtocol {
        func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Action> {
            .pure()
        }
    }

    @Test("A supervisor's observer reaches the store alone, through `<>` on either side, a ComposedMiddleware and AnyMiddleware; a lifted supervisor's and a plain middleware's do not")
    func whoHandsItOn() {
        #expect(committedStateObserver(of: Self.supervisor()) != nil)
        #expect(committedStateObserver(of: Plain() <> Self.supervisor()) != nil)
        #expect(committedStateObserver(of: Self.supervisor() <> Plain()) != nil)
        #expect(committedStateObserver(of: AnyMiddleware(Plain() <> Self.supervisor())) != nil)
        var composed = ComposedMiddleware<Action, Action, State>()
        composed.append(Plain())
        #expect(committedStateObserver(of: composed) == nil)
        composed.append(Self.supervisor())
        #expect(committedStateObserver(of: composed) != nil)
        var outer = ComposedMiddleware<Action, Action, State>()
        outer.append(composed)
        #expect(committedStateObserver(of: outer) != nil)
        #expect(committedStateObserver(of: Plain()) == nil)
        #expect(committedStateObserver(of: Plain() <> Plain()) == nil)
        let lifted = EffectMiddleware<Action, Action, Child, Void>.supervise(\.items, each: { $0 }) { key, value in
            .run { context in context.send(.started(key, value)) }
        }.lift(state: { (state: State) in state.child })
        #expect(committedStateObserver(of: lifted) == nil)
    }

    @Test("Observed in a store, the supervisor starts what appears, restarts what changes and cancels what goes, whatever the actions between")
    func observedInAStore() async throws {
        try await withDeadline {
            let events = EventLog()
            let supervisor = Effects.supervise(\.items, each: { $0 }) { key, value in
                .run { _ in
                    events.record("start \(key) \(value)")
                    _ = try? await Task.sleep(for: .seconds(3_600))
                    events.record("cancel \(key) \(value)")
                }
            }
            let store = ReduxStoreBase<Action, State>(
                initialState: State(),
                reducer: Self.reducer,
                middleware: Plain() <> supervisor
            )
            store.dispatch(.set([1: "a"]))
            #expect(await events.next(1) == ["start 1 a"])
            // Turns that leave the part alone start and cancel nothing: the next events are the
            // next change's.
            store.dispatch(.bump)
            store.dispatch(.bump)
            store.dispatch(.set([1: "b", 2: "c"]))
            #expect(Set(await events.next(3)) == ["cancel 1 a", "start 1 b", "start 2 c"])
            #expect(supervisor.keptEffectKeys == ["1", "2"])
            store.dispatch(.bump)
            store.dispatch(.set([2: "c"]))
            #expect(await events.next(1) == ["cancel 1 b"])
            #expect(supervisor.keptEffectKeys == ["2"])
            store.dispatch(.set([:]))
            #expect(await events.next(1) == ["cancel 2 c"])
            await supervisor.waitForEffects()
            #expect(supervisor.runningEffectCount == 0)
        }
    }

    @Test("Observed in a store, the check runs after the turn's other IOs and before the turn is over, from the first turn on, with or without a subscriber", arguments: [false, true])
    func checkAfterTheTurnsIOs(withSubscriber: Bool) async throws {
        try await withDeadline {
            let seen = RexTestSupport.Recorder<[String]>()
            let supervisor = Effects.supervise(\.items, each: { $0 }) { _, _ in
                .run { _ in _ = try? await Task.sleep(for: .seconds(3_600)) }
            }
            // Composed after the supervisor; its IO says which effects the state keeps then.
            let witness = AnyMiddleware<Action, Action, State> { _, _, _ in
                IO { _ in seen.record(supervisor.keptEffectKeys) }
            }
            let store = ReduxStoreBase<Action, State>(
                initialState: State(items: [7: "x"]),
                reducer: Self.reducer,
                middleware: supervisor <> witness
            )
            let subscription = withSubscriber ? store.subscribe { _ in } : nil
            // The first turn checks the initial state's part (the action leaves it alone).
            await store.dispatchAndWait(.bump)
            #expect(seen.values == [[]] && supervisor.keptEffectKeys == ["7"])
            await store.dispatchAndWait(.set([1: "a"]))
            #expect(seen.values == [[], ["7"]] && supervisor.keptEffectKeys == ["1"])
            await store.dispatchAndWait(.bump)
            #expect(seen.values == [[], ["7"], ["1"]] && supervisor.keptEffectKeys == ["1"])
            await store.dispatchAndWait(.set([:]))
            #expect(seen.values.last == ["1"] && supervisor.keptEffectKeys.isEmpty)
            await supervisor.waitForEffects()
            withExtendedLifetime(subscription) {}
        }
    }
}
