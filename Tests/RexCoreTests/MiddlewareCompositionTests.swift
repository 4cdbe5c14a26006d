import RexCore
import RexTestSupport
import Testing

@Suite("Composing middlewares")
struct MiddlewareCompositionTests {
    /// Records its `handle` and its IO under its name; pure when `hasEffect` is false.
    struct NamedMiddleware: MiddlewareProtocol {
        let name: String
        let trace: Recorder<String>
        var hasEffect = true

        func handle(action: CounterAction, from dispatcher: ActionSource, state: @escaping GetState<CounterState>)
            -> IO<CounterAction>
        {
            trace.record("handle \(name)")
            guard hasEffect else { return .pure() }
            return IO { _ in trace.record("io \(name)") }
        }
    }

    static let source = ActionSource(file: "test", function: "test", line: 1)

    @Test("A <> chain calls every handle in order, and its IO runs every IO in the same order")
    func pairChainOrder() {
        let trace = Recorder<String>()
        let chain =
            NamedMiddleware(name: "a", trace: trace) <> NamedMiddleware(name: "b", trace: trace)
            <> NamedMiddleware(name: "c", trace: trace)
        let io = chain.handle(action: .increment, from: Self.source, state: { CounterState() })
        #expect(trace.values == ["handle a", "handle b", "handle c"])
        io.run(Recorder<CounterAction>().output)
        #expect(trace.values == ["handle a", "handle b", "handle c", "io a", "io b", "io c"])
    }

    @Test("A <> chain of middlewares that all return pure() returns pure()")
    func pairChainOfPureIsPure() {
        let trace = Recorder<String>()
        let chain =
            NamedMiddleware(name: "a", trace: trace, hasEffect: false)
            <> NamedMiddleware(name: "b", trace: trace, hasEffect: false)
        let io = chain.handle(action: .increment, from: Self.source, state: { CounterState() })
        #expect(io.isPure)
        #expect(trace.values == ["handle a", "handle b"])
    }

    @Test("A composition built by appending runs its members in order, flattens compositions and leaves identities out")
    func composedAppendOrder() {
        let trace = Recorder<String>()
        var inner = ComposedMiddleware<CounterAction, CounterAction, CounterState>()
        inner.append(NamedMiddleware(name: "b", trace: trace))
        inner.append(NamedMiddleware(name: "c", trace: trace, hasEffect: false))
        var composed = ComposedMiddleware<CounterAction, CounterAction, CounterState>()
        composed.append(NamedMiddleware(name: "a", trace: trace))
        composed.append(IdentityMiddleware())
        composed.append(inner)
        composed.append(NamedMiddleware(name: "d", trace: trace))
        #expect(composed.middlewares.count == 4)

        let io = composed.handle(action: .increment, from: Self.source, state: { CounterState() })
        #expect(trace.values == ["handle a", "handle b", "handle c", "handle d"])
        io.run(Recorder<CounterAction>().output)
        #expect(trace.values.suffix(3) == ["io a", "io b", "io d"])
    }

    @Test("An empty composition handles every action with pure()")
    func emptyComposedIsPure() {
        let composed = ComposedMiddleware<CounterAction, CounterAction, CounterState>()
        #expect(composed.handle(action: .increment, from: Self.source, state: { CounterState() }).isPure)
    }
}
