import Foundation
import Dispatch
import RexCore
import RexMiddlewares
import RexDevTools

/// W2: a state of 10 sub-states; 10 reducers and 10 middlewares, each lifted by key path to its
/// sub-state; actions cycle over the 10 kinds.
public final class ComposedWorkload {
    public enum SubAction: Codable, Sendable, Equatable {
        case bump
        case reset
    }

    public struct SubState: Codable, Sendable, Equatable {
        public var value = 0
    }

    public enum Action: Codable, Sendable {
        case s0(SubAction)
        case s1(SubAction)
        case s2(SubAction)
        case s3(SubAction)
        case s4(SubAction)
        case s5(SubAction)
        case s6(SubAction)
        case s7(SubAction)
        case s8(SubAction)
        case s9(SubAction)
    }

    public struct State: Codable, Sendable {
        public var s0 = SubState()
        public var s1 = SubState()
        public var s2 = SubState()
        public var s3 = SubState()
        public var s4 = SubState()
        public var s5 = SubState()
        public var s6 = SubState()
        public var s7 = SubState()
        public var s8 = SubState()
        public var s9 = SubState()
        /// What the persistence variant saves; no action changes it.
        public var saved = ["settings", "that", "do", "not", "change"]
        /// What the supervising variant derives its effects from, one per key; no action
        /// changes it. Empty otherwise.
        public var downloads: [Int: Int] = [:]

        var total: Int {
            s0.value + s1.value + s2.value + s3.value + s4.value + s5.value + s6.value + s7.value + s8.value + s9.value
        }
    }

    /// A middleware that inspects the action and has no side effect for it.
    struct InspectingMiddleware: MiddlewareProtocol {
        func handle(action: SubAction, from dispatcher: ActionSource, state: @escaping GetState<SubState>) -> IO<SubAction> {
            guard action == .reset else { return .pure() }
            return IO { output in output.dispatch(.bump) }
        }
    }

    static let subReducer = Reducer<SubAction, SubState>.reduce { action, state in
        switch action {
        case .bump: state.value += 1
        case .reset: state.value = 0
        }
    }

    static let kinds: [Action] = [Action.s0(.bump), Action.s1(.bump), Action.s2(.bump), Action.s3(.bump), Action.s4(.bump), Action.s5(.bump), Action.s6(.bump), Action.s7(.bump), Action.s8(.bump), Action.s9(.bump)]

    let store: ReduxStoreBase<Action, State>
    /// With `streaming`, the live inspector the store streams to.
    let inspector: LiveInspector<Action, State>?

    /// How a recorder joined to W2 keeps states.
    public enum Recording: Sendable {
        /// Given the reducer: the store's state kept by the recorder's default replay budget
        /// (5 ms of turns, or every `4 * capacity` turns if sooner), the reducer's between.
        case withReducer
        /// The store's state after every turn.
        case everyState
    }

    /// W2; with `persisting`, a `PersistenceMiddleware` of `saved` joined to the middlewares,
    /// its part never changing: what persistence costs a turn that leaves its part as it was.
    /// With `recording`, a `Recorder` of 1,000 steps joined to them. With `supervising`, an
    /// `EffectSupervisor` joined to them, running one long effect per key of `downloads`, made
    /// of that many keys, which no action changes: what a state-driven set costs a turn that
    /// leaves it as it was (the effects start in a first turn, here, before any is measured).
    ///
    /// With `streaming`, the store streams to a live inspector whose sending task waits
    /// `latency` before each batch (the inspector's 0.1 s by default).
    public init(persisting: Bool = false, recording: Recording? = nil, streaming: Bool = false, latency: Duration = .milliseconds(100), supervising keys: Int? = nil, effectsEnd: Bool = false) {
        var inspector: LiveInspector<Action, State>?
        let subReducer = Self.subReducer
        let reducer =
        subReducer.lift(action: \Action.s0, state: \State.s0) <>
        subReducer.lift(action: \Action.s1, state: \State.s1) <>
        subReducer.lift(action: \Action.s2, state: \State.s2) <>
        subReducer.lift(action: \Action.s3, state: \State.s3) <>
        subReducer.lift(action: \Action.s4, state: \State.s4) <>
        subReducer.lift(action: \Action.s5, state: \State.s5) <>
        subReducer.lift(action: \Action.s6, state: \State.s6) <>
        subReducer.lift(action: \Action.s7, state: \State.s7) <>
        subReducer.lift(action: \Action.s8, state: \State.s8) <>
        subReducer.lift(action: \Action.s9, state: \State.s9)
        let middleware =
        InspectingMiddleware().lift(inputAction: \Action.s0, outputAction: Action.s0, state: \State.s0) <>
        InspectingMiddleware().lift(inputAction: \Action.s1, outputAction: Action.s1, state: \State.s1) <>
        InspectingMiddleware().lift(inputAction: \Action.s2, outputAction: Action.s2, state: \State.s2) <>
        InspectingMiddleware().lift(inputAction: \Action.s3, outputAction: Action.s3, state: \State.s3) <>
        InspectingMiddleware().lift(inputAction: \Action.s4, outputAction: Action.s4, state: \State.s4) <>
        InspectingMiddleware().lift(inputAction: \Action.s5, outputAction: Action.s5, state: \State.s5) <>
        InspectingMiddleware().lift(inputAction: \Action.s6, outputAction: Action.s6, state: \State.s6) <>
        InspectingMiddleware().lift(inputAction: \Action.s7, outputAction: Action.s7, state: \State.s7) <>
        InspectingMiddleware().lift(inputAction: \Action.s8, outputAction: Action.s8, state: \State.s8) <>
        InspectingMiddleware().lift(inputAction: \Action.s9, outputAction: Action.s9, state: \State.s9)
        if let keys {
            // Each effect says when it has started, so that the setup's tasks have all run before
            // the measured actions (otherwise their start, on other threads, is counted in them).
            // With `effectsEnd`, each ends at once (the set keeps its key all the same): what
            // `rex-instructions` counts, since a long effect's task still settles into its sleep,
            // on another thread, after it said it started.
            let started = DispatchSemaphore(value: 0)
            let supervisor = EffectMiddleware<Action, Action, State, Void>.supervise(\.downloads, each: { $0 }) { _, _ in
                .run { _ in
                    started.signal()
                    guard !effectsEnd else { return }
                    try? await Task.sleep(for: .seconds(86_400))
                }
            }
            var state = State()
            state.downloads = Dictionary(uniqueKeysWithValues: (0..<keys).map { ($0, $0) })
            store = ReduxStoreBase(initialState: state, reducer: reducer, middleware: middleware <> supervisor)
            store.dispatch(Self.kinds[0])
            check(effectsEnd || supervisor.runningEffectCount == keys, "W2s", "\(supervisor.runningEffectCount) effects running, expected \(keys)")
            for _ in 0..<keys {
                started.wait()
            }
            if effectsEnd {
                let ended = DispatchSemaphore(value: 0)
                Task.detached {
                    await supervisor.waitForEffects()
                    ended.signal()
                }
                ended.wait()
            }
        } else if persisting {
            let persistence = PersistenceMiddleware<Action, State, [String]>(
                part: \State.saved, storage: InMemoryStorage(), report: { _ in nil }
            )
            store = ReduxStoreBase(initialState: persistence.restoring(State()), reducer: reducer, middleware: middleware <> persistence)
        } else if let recording {
            let recorder = switch recording {
            case .withReducer: Recorder(capacity: 1_000, reducer: reducer)
            case .everyState: Recorder<Action, State>(capacity: 1_000)
            }
            store = ReduxStoreBase(initialState: State(), reducer: reducer, middleware: middleware <> recorder.middleware)
        } else if streaming {
            // A live inspector whose server takes every batch at once: what streaming costs the
            // turn (the recorder's note and a wake-up) and, with a short `latency`, the sending
            // task (reading and encoding each step), the server aside.
            let travel = TimeTravel(recorder: Recorder(capacity: 1_000, reducer: reducer))
            let streamer = LiveInspector(travel: travel, transport: TakingEverything(), latency: latency)
            store = ReduxStoreBase(initialState: State(), reducer: travel.reducer(reducer), middleware: travel.middleware(middleware <> streamer.middleware))
            streamer.start(in: store)
            inspector = streamer
        } else {
            store = ReduxStoreBase(initialState: State(), reducer: reducer, middleware: middleware)
        }
        self.inspector = inspector
    }

    /// A server that takes every batch at once and never sends a command.
    struct TakingEverything: LiveInspectorTransport {
        func send(batch: Data) async throws {}

        func commands(after sequence: Int) async throws -> [LiveInspectorCommand] {
            try await Task.sleep(for: .seconds(86_400))
            return []
        }
    }

    /// Dispatches `actions` actions cycling over the 10 kinds and checks each was reduced once.
    public func run(actions: Int) {
        let before = store.state.total
        let kinds = Self.kinds
        var kind = 0
        for _ in 0..<actions {
            store.dispatch(kinds[kind])
            kind = kind == 9 ? 0 : kind + 1
        }
        check(store.state.total == before + actions, "W2", "total \(store.state.total), expected \(before + actions)")
    }

    /// The limit: the same state mutated in place by a `switch` in a loop.
    public static func handWritten(actions: Int) -> Int {
        var state = State()
        let kinds = Self.kinds
        var kind = 0
        for _ in 0..<actions {
            switch kinds[kind] {
            case .s0(let action): if action == .bump { state.s0.value += 1 } else { state.s0.value = 0 }
            case .s1(let action): if action == .bump { state.s1.value += 1 } else { state.s1.value = 0 }
            case .s2(let action): if action == .bump { state.s2.value += 1 } else { state.s2.value = 0 }
            case .s3(let action): if action == .bump { state.s3.value += 1 } else { state.s3.value = 0 }
            case .s4(let action): if action == .bump { state.s4.value += 1 } else { state.s4.value = 0 }
            case .s5(let action): if action == .bump { state.s5.value += 1 } else { state.s5.value = 0 }
            case .s6(let action): if action == .bump { state.s6.value += 1 } else { state.s6.value = 0 }
            case .s7(let action): if action == .bump { state.s7.value += 1 } else { state.s7.value = 0 }
            case .s8(let action): if action == .bump { state.s8.value += 1 } else { state.s8.value = 0 }
            case .s9(let action): if action == .bump { state.s9.value += 1 } else { state.s9.value = 0 }
            }
            kind = kind == 9 ? 0 : kind + 1
        }
        return state.total
    }
}

extension ComposedWorkload.Action {
        public var s0: ComposedWorkload.SubAction? {
            if case .s0(let action) = self { return action }
            return nil
        }
        public var s1: ComposedWorkload.SubAction? {
            if case .s1(let action) = self { return action }
            return nil
        }
        public var s2: ComposedWorkload.SubAction? {
            if case .s2(let action) = self { return action }
            return nil
        }
        public var s3: ComposedWorkload.SubAction? {
            if case .s3(let action) = self { return action }
            return nil
        }
        public var s4: ComposedWorkload.SubAction? {
            if case .s4(let action) = self { return action }
            return nil
        }
        public var s5: ComposedWorkload.SubAction? {
            if case .s5(let action) = self { return action }
            return nil
        }
        public var s6: ComposedWorkload.SubAction? {
            if case .s6(let action) = self { return action }
            return nil
        }
        public var s7: ComposedWorkload.SubAction? {
            if case .s7(let action) = self { return action }
            return nil
        }
        public var s8: ComposedWorkload.SubAction? {
            if case .s8(let action) = self { return action }
            return nil
        }
        public var s9: ComposedWorkload.SubAction? {
            if case .s9(let action) = self { return action }
            return nil
        }
}
