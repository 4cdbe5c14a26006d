import RexCore
import RexTestSupport
import Testing

@Suite("Lifting middlewares")
struct MiddlewareLiftTests {
    /// Sees `add`, answers with `report` of the local state it reads in its IO; records what it saw.
    struct Reporter: MiddlewareProtocol {
        let seen = Recorder<CounterFeatureAction>()

        func handle(
            action: CounterFeatureAction,
            from dispatcher: ActionSource,
            state: @escaping GetState<CounterFeatureState>
        ) -> IO<CounterFeatureAction> {
            seen.record(action)
            guard case .add = action else { return .pure() }
            return IO { output in output.dispatch(.report(state().value)) }
        }
    }

    static let global = GlobalState(counter: CounterFeatureState(value: 7), label: "L")

    /// Runs one action through a middleware of the global domain and returns what it dispatched.
    func dispatched<Middleware: MiddlewareProtocol>(
        by middleware: Middleware,
        for action: Middleware.InputActionType,
        state: Middleware.StateType
    ) -> [Middleware.OutputActionType] where Middleware.StateType: Sendable, Middleware.OutputActionType: Sendable {
        let output = Recorder<Middleware.OutputActionType>()
        middleware.handle(action: action, from: .here(), state: { state }).run(output.output)
        return output.values
    }

    @Test("Lifted by key paths and an enum case, a middleware sees its action and state and dispatches global actions")
    func liftAllByKeyPath() {
        let reporter = Reporter()
        let lifted = reporter.lift(inputAction: \GlobalAction.counter, outputAction: GlobalAction.counter, state: \GlobalState.counter)
        #expect(dispatched(by: lifted, for: .counter(.add(1)), state: Self.global) == [.counter(.report(7))])
        #expect(dispatched(by: lifted, for: .other("x"), state: Self.global) == [])
        #expect(reporter.seen.values == [.add(1)])
    }

    @Test("Lifted by closures, a middleware sees its action and state and dispatches global actions")
    func liftAllByClosure() {
        let lifted = Reporter().lift(
            inputAction: { (action: GlobalAction) in action.counter },
            outputAction: { GlobalAction.counter($0) },
            state: { (state: GlobalState) in state.counter }
        )
        #expect(dispatched(by: lifted, for: .counter(.add(1)), state: Self.global) == [.counter(.report(7))])
    }

    @Test("Key path and closure may be mixed for the input action and the state")
    func liftMixed() {
        let byInputPath = Reporter().lift(
            inputAction: \GlobalAction.counter,
            outputAction: GlobalAction.counter,
            state: { (state: GlobalState) in state.counter }
        )
        let byStatePath = Reporter().lift(
            inputAction: { (action: GlobalAction) in action.counter },
            outputAction: GlobalAction.counter,
            state: \GlobalState.counter
        )
        #expect(dispatched(by: byInputPath, for: .counter(.add(1)), state: Self.global) == [.counter(.report(7))])
        #expect(dispatched(by: byStatePath, for: .counter(.add(1)), state: Self.global) == [.counter(.report(7))])
    }

    @Test("A lifted middleware ignores actions its input getter maps to nil, and returns a pure IO")
    func nilInputSkipsTheMiddleware() {
        let reporter = Reporter()
        let lifted = reporter.lift(inputAction: { (_: GlobalAction) -> CounterFeatureAction? in nil })
        let io = lifted.handle(action: .counter(.add(1)), from: .here(), state: { CounterFeatureState() })
        #expect(io.isPure)
        #expect(reporter.seen.values.isEmpty)
    }

    @Test("A pure IO stays pure through a lift")
    func pureStaysPure() {
        let lifted = Reporter().lift(inputAction: \GlobalAction.counter, outputAction: GlobalAction.counter, state: \GlobalState.counter)
        #expect(lifted.handle(action: .counter(.report(1)), from: .here(), state: { Self.global }).isPure)
    }

    @Test("Input and output lifted, the state stays local")
    func liftInputAndOutput() {
        let byPath = Reporter().lift(inputAction: \GlobalAction.counter, outputAction: GlobalAction.counter)
        let byClosure = Reporter().lift(inputAction: { (action: GlobalAction) in action.counter }, outputAction: GlobalAction.counter)
        let local = CounterFeatureState(value: 3)
        #expect(dispatched(by: byPath, for: .counter(.add(1)), state: local) == [.counter(.report(3))])
        #expect(dispatched(by: byClosure, for: .counter(.add(1)), state: local) == [.counter(.report(3))])
    }

    @Test("Input and state lifted, the output stays local")
    func liftInputAndState() {
        let byPaths = Reporter().lift(inputAction: \GlobalAction.counter, state: \GlobalState.counter)
        let inputPath = Reporter().lift(inputAction: \GlobalAction.counter, state: { (state: GlobalState) in state.counter })
        let statePath = Reporter().lift(inputAction: { (action: GlobalAction) in action.counter }, state: \GlobalState.counter)
        let byClosures = Reporter().lift(
            inputAction: { (action: GlobalAction) in action.counter },
            state: { (state: GlobalState) in state.counter }
        )
        for lifted in [byPaths.eraseToAnyMiddleware(), inputPath.eraseToAnyMiddleware(), statePath.eraseToAnyMiddleware(), byClosures.eraseToAnyMiddleware()] {
            #expect(dispatched(by: lifted, for: .counter(.add(1)), state: Self.global) == [.report(7)])
            #expect(dispatched(by: lifted, for: .other("x"), state: Self.global) == [])
        }
    }

    @Test("Output and state lifted, the input stays local")
    func liftOutputAndState() {
        let byPath = Reporter().lift(outputAction: GlobalAction.counter, state: \GlobalState.counter)
        let byClosure = Reporter().lift(outputAction: GlobalAction.counter, state: { (state: GlobalState) in state.counter })
        #expect(dispatched(by: byPath, for: .add(1), state: Self.global) == [.counter(.report(7))])
        #expect(dispatched(by: byClosure, for: .add(1), state: Self.global) == [.counter(.report(7))])
    }

    @Test("Only the input, the output or the state lifted")
    func liftOne() {
        let local = CounterFeatureState(value: 2)
        let inputByPath = Reporter().lift(inputAction: \GlobalAction.counter)
        let inputByClosure = Reporter().lift(inputAction: { (action: GlobalAction) in action.counter })
        #expect(dispatched(by: inputByPath, for: .counter(.add(1)), state: local) == [.report(2)])
        #expect(dispatched(by: inputByClosure, for: .counter(.add(1)), state: local) == [.report(2)])
        #expect(dispatched(by: inputByPath, for: .other("x"), state: local) == [])

        let output = Reporter().lift(outputAction: GlobalAction.counter)
        #expect(dispatched(by: output, for: .add(1), state: local) == [.counter(.report(2))])

        let stateByPath = Reporter().lift(state: \GlobalState.counter)
        let stateByClosure = Reporter().lift(state: { (state: GlobalState) in state.counter })
        #expect(dispatched(by: stateByPath, for: .add(1), state: Self.global) == [.report(7)])
        #expect(dispatched(by: stateByClosure, for: .add(1), state: Self.global) == [.report(7)])
    }

    @Test("A middleware of Void state and Never output lifts with ignore and absurd")
    func liftVoidAndNever() {
        let seen = Recorder<String>()
        let tracker = AnyMiddleware<String, Never, Void> { action, _, _ in
            seen.record(action)
            return .pure()
        }
        let lifted = tracker.lift(
            inputAction: { (action: GlobalAction) -> String? in if case .other(let text) = action { text } else { nil } },
            outputAction: absurd as @Sendable (Never) -> GlobalAction,
            state: ignore as @Sendable (GlobalState) -> Void
        )
        let io: IO<GlobalAction> = lifted.handle(action: .other("hello"), from: .here(), state: { Self.global })
        #expect(io.isPure)
        #expect(seen.values == ["hello"])
        #expect(identity(3) == 3)
    }
}

@Suite("Lifting middlewares to collections")
struct MiddlewareLiftToCollectionTests {
    /// Announces the identifier and state of the element it is run for.
    struct Announcer: MiddlewareProtocol {
        func handle(action: TodoAction, from dispatcher: ActionSource, state: @escaping GetState<TodoItem>) -> IO<String> {
            guard action == .announce else { return .pure() }
            return IO { output in
                let item = state()
                output.dispatch("\(item.id) done: \(item.done)")
            }
        }
    }

    static let lifted = Announcer().liftToCollection(
        inputAction: \ListAction.byID,
        outputAction: ListAction.announced,
        state: \ListState.items
    )

    @Test("The element's middleware sees that element, and its dispatches come back with the element's identifier")
    func byIdentifier() {
        let state = ListState(items: [TodoItem(id: "a"), TodoItem(id: "b", done: true)])
        let output = Recorder<ListAction>()
        Self.lifted.handle(action: .byID(ElementIDAction(id: "b", action: .announce)), from: .here(), state: { state })
            .run(output.output)
        #expect(output.values == [.announced(ElementIDAction(id: "b", action: "b done: true"))])
    }

    @Test("An action for a missing element is skipped")
    func missingElementIsSkipped() {
        let state = ListState(items: [TodoItem(id: "a")])
        // A lift of its own: one whose elements have live work checks them after every turn.
        let lifted = Announcer().liftToCollection(inputAction: \ListAction.byID, outputAction: ListAction.announced, state: \ListState.items)
        let io = lifted.handle(action: .byID(ElementIDAction(id: "z", action: .announce)), from: .here(), state: { state })
        #expect(io.isPure)
    }
}
