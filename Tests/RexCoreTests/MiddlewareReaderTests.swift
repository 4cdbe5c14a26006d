import RexCore
import RexTestSupport
import Testing

@Suite("MiddlewareReader")
struct MiddlewareReaderTests {
    /// Dependencies a test injects.
    struct Greeting: Sendable {
        let word: String
    }

    /// Dispatches its greeting, and the action it saw, from its IO.
    struct Greeter: MiddlewareProtocol {
        let greeting: Greeting
        func handle(action: String, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<String> {
            IO { output in output.dispatch("\(greeting.word) \(action) \(state())") }
        }
    }

    func dispatched<Middleware: MiddlewareProtocol>(by middleware: Middleware, for action: String) -> [String]
    where Middleware.InputActionType == String, Middleware.OutputActionType == String, Middleware.StateType == Int {
        let output = Recorder<String>()
        middleware.handle(action: action, from: .here(), state: { 1 }).run(output.output)
        return output.values
    }

    static let greeter = MiddlewareReader { (greeting: Greeting) in Greeter(greeting: greeting) }

    @Test("inject builds the middleware with the dependencies given")
    func injectPassesDependencies() {
        #expect(dispatched(by: Self.greeter.inject(Greeting(word: "hello")), for: "x") == ["hello x 1"])
        let labelled = MiddlewareReader(inject: { (greeting: Greeting) in Greeter(greeting: greeting) })
        #expect(dispatched(by: labelled.inject(Greeting(word: "hi")), for: "y") == ["hi y 1"])
    }

    @Test("pure ignores the dependencies")
    func pureIgnoresDependencies() {
        let reader = MiddlewareReader<Greeting, Greeter>.pure(Greeter(greeting: Greeting(word: "fixed")))
        #expect(dispatched(by: reader.inject(Greeting(word: "ignored")), for: "x") == ["fixed x 1"])
    }

    @Test("identity gives a middleware whose IO is pure")
    func identityIsPure() {
        let reader = MiddlewareReader<Greeting, IdentityMiddleware<String, String, Int>>.identity
        #expect(reader.inject(Greeting(word: "x")).handle(action: "a", from: .here(), state: { 1 }).isPure)
    }

    @Test("<> injects the same dependencies into both and runs the left one first")
    func composeInjectsBoth() {
        let shouting = MiddlewareReader { (greeting: Greeting) in Greeter(greeting: Greeting(word: greeting.word.uppercased())) }
        let both = Self.greeter <> shouting
        #expect(dispatched(by: both.inject(Greeting(word: "hey")), for: "x") == ["hey x 1", "HEY x 1"])
    }

    @Test("mapMiddleware transforms the middleware built")
    func mapMiddleware() {
        let lifted = Self.greeter.mapMiddleware { $0.lift(outputAction: { "<\($0)>" }) }
        #expect(dispatched(by: lifted.inject(Greeting(word: "hi")), for: "x") == ["<hi x 1>"])
    }

    @Test("contramapDependencies takes the part the reader needs from larger dependencies")
    func contramapDependencies() {
        struct World: Sendable { let greeting: Greeting; let other: Int }
        let reader = Self.greeter.contramapDependencies { (world: World) in world.greeting }
        #expect(dispatched(by: reader.inject(World(greeting: Greeting(word: "yo"), other: 3)), for: "x") == ["yo x 1"])
    }

    @Test("zip injects the same dependencies into each reader and combines their middlewares in order")
    func zipCombines() {
        let shouting = MiddlewareReader { (greeting: Greeting) in Greeter(greeting: Greeting(word: greeting.word.uppercased())) }
        let whispering = MiddlewareReader { (greeting: Greeting) in Greeter(greeting: Greeting(word: "(\(greeting.word))")) }
        let two = MiddlewareReader.zip(Self.greeter, shouting) { first, second in first <> second }
        #expect(dispatched(by: two.inject(Greeting(word: "a")), for: "x") == ["a x 1", "A x 1"])
        let three = MiddlewareReader.zip(Self.greeter, shouting, whispering) { first, second, third in
            first <> second <> third
        }
        #expect(dispatched(by: three.inject(Greeting(word: "b")), for: "y") == ["b y 1", "B y 1", "(b) y 1"])
    }

    @Test("lift lifts the middleware the reader builds")
    func liftReader() {
        let byPaths = Self.greeter.lift(inputAction: \GlobalAction.otherText, outputAction: GlobalAction.other, state: \GlobalState.counter.value)
        let byClosures = Self.greeter.lift(
            inputAction: { (action: GlobalAction) in action.otherText },
            outputAction: GlobalAction.other,
            state: { (state: GlobalState) in state.counter.value }
        )
        for reader in [byPaths, byClosures] {
            let output = Recorder<GlobalAction>()
            reader.inject(Greeting(word: "hi")).handle(action: .other("x"), from: .here(), state: { GlobalState(counter: CounterFeatureState(value: 9)) })
                .run(output.output)
            #expect(output.values == [.other("hi x 9")])
        }
    }
}

extension GlobalAction {
    var otherText: String? {
        if case .other(let text) = self { return text }
        return nil
    }
}
