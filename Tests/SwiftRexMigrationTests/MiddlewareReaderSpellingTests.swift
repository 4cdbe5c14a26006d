// Compiled in Swift 5 language mode, as an app moving over from SwiftRex 0.8 compiles first.
// Uses a deprecated spelling on purpose: CI allows deprecation warnings in this target only.
import RexCore
import RexTestSupport
import Testing

@Suite("SwiftRex 0.8 spellings: middleware readers")
struct MiddlewareReaderSpellingTests {
    /// Answers every action with "prefix:action:state", the prefix being its dependency.
    struct Greeter: MiddlewareProtocol {
        let prefix: String
        func handle(action: String, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<String> {
            let prefix = prefix
            return IO { output in output.dispatch("\(prefix):\(action):\(state())") }
        }
    }

    enum AppAction: Equatable, Sendable {
        case greeter(String)
        case other
        var greeter: String? {
            if case .greeter(let action) = self { return action }
            return nil
        }
    }

    enum AppOutput: Equatable, Sendable { case said(String) }
    struct AppState: Equatable, Sendable { var count = 7 }
    struct World: Sendable { var prefix = "world" }

    static let reader = MiddlewareReader { (prefix: String) in Greeter(prefix: prefix) }

    /// What a middleware dispatches for one action and state.
    func sent<M: MiddlewareProtocol>(_ middleware: M, _ action: M.InputActionType, _ state: M.StateType) -> [M.OutputActionType]
    where M.OutputActionType: Sendable, M.StateType: Sendable {
        let recorder = Recorder<M.OutputActionType>()
        middleware.handle(action: action, from: .here(), state: { state }).run(recorder.output)
        return recorder.values
    }

    @Test("lift with all four maps routes the action, the output, the state and the dependencies")
    func liftEverything() {
        let lifted = Self.reader.lift(
            inputAction: { (action: AppAction) in action.greeter },
            outputAction: AppOutput.said,
            state: { (state: AppState) in state.count },
            dependencies: { (world: World) in world.prefix }
        )
        let middleware = lifted.inject(World())
        #expect(sent(middleware, .greeter("hi"), AppState()) == [.said("world:hi:7")])
        #expect(sent(middleware, .other, AppState()).isEmpty)
    }

    @Test("lift with three of the maps leaves the fourth as it was")
    func liftThree() {
        let world = World(prefix: "w")
        let noInput = Self.reader.lift(outputAction: AppOutput.said, state: { (s: AppState) in s.count }, dependencies: { (w: World) in w.prefix })
        #expect(sent(noInput.inject(world), "a", AppState()) == [.said("w:a:7")])
        let noOutput = Self.reader.lift(inputAction: { (a: AppAction) in a.greeter }, state: { (s: AppState) in s.count }, dependencies: { (w: World) in w.prefix })
        #expect(sent(noOutput.inject(world), .greeter("b"), AppState()) == ["w:b:7"])
        let noState = Self.reader.lift(inputAction: { (a: AppAction) in a.greeter }, outputAction: AppOutput.said, dependencies: { (w: World) in w.prefix })
        #expect(sent(noState.inject(world), .greeter("c"), 3) == [.said("w:c:3")])
        let noDependencies = Self.reader.lift(inputAction: { (a: AppAction) in a.greeter }, outputAction: AppOutput.said, state: { (s: AppState) in s.count })
        #expect(sent(noDependencies.inject("p"), .greeter("d"), AppState()) == [.said("p:d:7")])
    }

    @Test("lift with two of the maps leaves the others as they were")
    func liftTwo() {
        let world = World(prefix: "w")
        #expect(sent(Self.reader.lift(state: { (s: AppState) in s.count }, dependencies: { (w: World) in w.prefix }).inject(world), "a", AppState()) == ["w:a:7"])
        #expect(sent(Self.reader.lift(outputAction: AppOutput.said, dependencies: { (w: World) in w.prefix }).inject(world), "b", 1) == [.said("w:b:1")])
        #expect(sent(Self.reader.lift(outputAction: AppOutput.said, state: { (s: AppState) in s.count }).inject("p"), "c", AppState()) == [.said("p:c:7")])
        #expect(sent(Self.reader.lift(inputAction: { (a: AppAction) in a.greeter }, dependencies: { (w: World) in w.prefix }).inject(world), .greeter("d"), 2) == ["w:d:2"])
        #expect(sent(Self.reader.lift(inputAction: { (a: AppAction) in a.greeter }, state: { (s: AppState) in s.count }).inject("p"), .greeter("e"), AppState()) == ["p:e:7"])
        #expect(sent(Self.reader.lift(inputAction: { (a: AppAction) in a.greeter }, outputAction: AppOutput.said).inject("p"), .other, 2).isEmpty)
    }

    @Test("lift with one map leaves the others as they were")
    func liftOne() {
        #expect(sent(Self.reader.lift(state: { (s: AppState) in s.count }).inject("p"), "a", AppState()) == ["p:a:7"])
        #expect(sent(Self.reader.lift(dependencies: { (w: World) in w.prefix }).inject(World(prefix: "w")), "b", 1) == ["w:b:1"])
        #expect(sent(Self.reader.lift(outputAction: AppOutput.said).inject("p"), "c", 2) == [.said("p:c:2")])
        #expect(sent(Self.reader.lift(inputAction: { (a: AppAction) in a.greeter }).inject("p"), .greeter("d"), 3) == ["p:d:3"])
    }

    @Test("zip injects the same dependencies into every reader, for two to ten readers")
    func zipReaders() {
        let suffixed = { (suffix: String) in MiddlewareReader { (prefix: String) in Greeter(prefix: prefix + suffix) } }
        let two = MiddlewareReader.zip(suffixed("1"), suffixed("2"), with: { first, second in first <> second })
        #expect(sent(two.inject("p"), "a", 0) == ["p1:a:0", "p2:a:0"])

        let three = MiddlewareReader.zip(suffixed("1"), suffixed("2"), suffixed("3")) { first, second, third in
            first <> second <> third
        }
        #expect(sent(three.inject("q"), "b", 1) == ["q1:b:1", "q2:b:1", "q3:b:1"])

        let ten = MiddlewareReader.zip(
            suffixed("0"), suffixed("1"), suffixed("2"), suffixed("3"), suffixed("4"),
            suffixed("5"), suffixed("6"), suffixed("7"), suffixed("8"), suffixed("9"),
            with: { m0, m1, m2, m3, m4, m5, m6, m7, m8, m9 in
                var composed = ComposedMiddleware<String, String, Int>()
                for middleware in [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9] {
                    composed.append(middleware: middleware)
                }
                return composed
            }
        )
        #expect(sent(ten.inject("r"), "c", 2) == (0..<10).map { "r\($0):c:2" })
    }

    @Test("identity gives a middleware that does nothing, whatever the dependencies")
    func identity() {
        let nothing = MiddlewareReader<String, Greeter>.identity
        #expect(sent(nothing.inject("p"), "a", 0).isEmpty)
        #expect(nothing.inject("p").handle(action: "a", from: .here(), state: { 0 }).isPure)
    }

    @Test("<> of two readers injects the same dependencies into both and runs both middlewares, in order")
    func composedReaders() {
        let suffixed = { (suffix: String) in MiddlewareReader { (prefix: String) in Greeter(prefix: prefix + suffix) } }
        let both = suffixed("1") <> suffixed("2")
        #expect(sent(both.inject("p"), "a", 0) == ["p1:a:0", "p2:a:0"])
    }

    @Test("dimap, flatMap and contramapDependecies transform the middleware and the dependencies")
    func mapping() {
        let dimapped = Self.reader.dimap(
            transformMiddleware: { $0.lift(outputAction: AppOutput.said) },
            extractOnlyDependenciesNeededForThisMiddleware: { (world: World) in world.prefix }
        )
        #expect(sent(dimapped.inject(World(prefix: "d")), "a", 1) == [.said("d:a:1")])

        let flatMapped = Self.reader.flatMap { greeter in
            MiddlewareReader { (prefix: String) in Greeter(prefix: greeter.prefix + "+" + prefix.uppercased()) }
        }
        #expect(sent(flatMapped.inject("f"), "b", 2) == ["f+F:b:2"])

        let contramapped = Self.reader.contramapDependecies { (world: World) in world.prefix }
        #expect(sent(contramapped.inject(World(prefix: "c")), "c", 3) == ["c:c:3"])
    }
}
