// Compiled in Swift 5 language mode, as an app moving over from SwiftRex 0.8 compiles first.
// Each test writes SwiftRex 0.8's spelling and checks what it does.
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

    /// A middleware of the user's that is a monoid, as SwiftRex's tests write one: `<>` joins the
    /// names, and it answers every action with them, even with none (so `identity` shows).
    struct Trail: MiddlewareProtocol, Monoid {
        var names: [String]
        static var identity: Trail { Trail(names: []) }
        static func <> (lhs: Trail, rhs: Trail) -> Trail { Trail(names: lhs.names + rhs.names) }
        func handle(action: String, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<String> {
            let names = names
            return IO { output in output.dispatch("\(names.joined(separator: ",")):\(action)") }
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

    /// A reader of a trail named after its dependency and `name`.
    static func trail(_ name: String) -> MiddlewareReader<String, Trail> {
        MiddlewareReader { dependency in Trail(names: ["\(dependency) \(name)"]) }
    }

    /// What a middleware dispatches for one action and state.
    func sent<M: MiddlewareProtocol>(_ middleware: M, _ action: M.InputActionType, _ state: M.StateType) -> [M.OutputActionType]
    where M.OutputActionType: Sendable, M.StateType: Sendable {
        let recorder = Recorder<M.OutputActionType>()
        middleware.handle(action: action, from: .here(), state: { state }).run(recorder.output)
        return recorder.values
    }

    @Test("MiddlewareReader(inject:), pure and mapMiddleware build and transform the middleware")
    func building() {
        let injected = MiddlewareReader(inject: { (prefix: String) in Greeter(prefix: prefix + "!") })
        #expect(sent(injected.inject("i"), "a", 1) == ["i!:a:1"])
        let inject: (String) -> Greeter = injected.inject
        #expect(inject("j").prefix == "j!")
        let pure = MiddlewareReader<String, Greeter>.pure(Greeter(prefix: "fixed"))
        #expect(sent(pure.inject("ignored"), "b", 2) == ["fixed:b:2"])
        let mapped = Self.reader.mapMiddleware { $0.lift(outputAction: AppOutput.said) }
        #expect(sent(mapped.inject("m"), "c", 3) == [.said("m:c:3")])
    }

    @Test("zip, as SwiftRex code calls it, injects the same dependencies into every reader, for two to ten readers")
    func zipReaders() {
        let trail = Self.trail
        let two = MiddlewareReader<String, Trail>.zip(trail("0"), trail("1"), with: <>)
        #expect(two.inject("d").names == ["d 0", "d 1"])

        let three = MiddlewareReader<String, Trail>.zip(trail("0"), trail("1"), trail("2"), with: { $0 <> $1 <> $2 })
        #expect(three.inject("d").names == ["d 0", "d 1", "d 2"])

        let four = MiddlewareReader<String, Trail>.zip(trail("0"), trail("1"), trail("2"), trail("3"), with: { $0 <> $1 <> $2 <> $3 })
        #expect(four.inject("d").names == (0..<4).map { "d \($0)" })

        let five = MiddlewareReader<String, Trail>.zip(
            trail("0"), trail("1"), trail("2"), trail("3"), trail("4"),
            with: { $0 <> $1 <> $2 <> $3 <> $4 }
        )
        #expect(five.inject("d").names == (0..<5).map { "d \($0)" })

        let six = MiddlewareReader<String, Trail>.zip(
            trail("0"), trail("1"), trail("2"), trail("3"), trail("4"), trail("5"),
            with: { $0 <> $1 <> $2 <> $3 <> $4 <> $5 }
        )
        #expect(six.inject("d").names == (0..<6).map { "d \($0)" })

        let seven: MiddlewareReader<String, Trail> = MiddlewareReader<String, Trail>.zip(
            trail("0"), trail("1"), trail("2"), trail("3"), trail("4"), trail("5"), trail("6"),
            with: { (m0: Trail, m1: Trail, m2: Trail, m3: Trail, m4: Trail, m5: Trail, m6: Trail) -> Trail in
                m0 <> m1 <> m2 <> m3 <> m4 <> m5 <> m6
            }
        )
        #expect(seven.inject("d").names == (0..<7).map { "d \($0)" })
    }

    @Test("zip of eight to ten readers hands the combining closure every middleware, in order")
    func zipManyReaders() {
        let trail = Self.trail
        let eight = MiddlewareReader<String, Trail>.zip(
            trail("0"), trail("1"), trail("2"), trail("3"), trail("4"), trail("5"), trail("6"), trail("7"),
            with: { $0 <> $1 <> $2 <> $3 <> $4 <> $5 <> $6 <> $7 }
        )
        #expect(eight.inject("e").names == (0..<8).map { "e \($0)" })

        let nine = MiddlewareReader<String, Trail>.zip(
            trail("0"), trail("1"), trail("2"), trail("3"), trail("4"), trail("5"), trail("6"), trail("7"), trail("8"),
            with: { m0, m1, m2, m3, m4, m5, m6, m7, m8 in Trail(names: [m0, m1, m2, m3, m4, m5, m6, m7, m8].flatMap(\.names)) }
        )
        #expect(nine.inject("n").names == (0..<9).map { "n \($0)" })

        let ten = MiddlewareReader<String, Trail>.zip(
            trail("0"), trail("1"), trail("2"), trail("3"), trail("4"), trail("5"), trail("6"), trail("7"), trail("8"), trail("9"),
            with: { m0, m1, m2, m3, m4, m5, m6, m7, m8, m9 in Trail(names: [m9, m8, m7, m6, m5, m4, m3, m2, m1, m0].flatMap(\.names)) }
        )
        #expect(ten.inject("t").names == (0..<10).reversed().map { "t \($0)" })
    }

    @Test("zip combines readers of different middlewares into a reader of what the closure returns")
    func zipDifferentMiddlewares() {
        let zipped = MiddlewareReader.zip(Self.reader, Self.trail("x"), with: { greeter, trail in greeter <> trail })
        #expect(sent(zipped.inject("z"), "a", 4) == ["z:a:4", "z x:a"])
    }

    @Test("identity gives a middleware that does nothing, whatever the dependencies")
    func identity() {
        let nothing = MiddlewareReader<String, Greeter>.identity
        #expect(sent(nothing.inject("p"), "a", 0).isEmpty)
        #expect(nothing.inject("p").handle(action: "a", from: .here(), state: { 0 }).isPure)
    }

    @Test("identity of a reader of a monoid gives that monoid's own identity, as in SwiftRex")
    func monoidIdentity() {
        let empty = MiddlewareReader<String, Trail>.identity
        #expect(sent(empty.inject("p"), "a", 0) == [":a"])
        let composition = MiddlewareReader<String, ComposedMiddleware<String, String, Int>>.identity
        #expect(composition.inject("p").middlewares.isEmpty)
    }

    @Test("<> of two readers injects the same dependencies into both and runs both middlewares, in order")
    func composedReaders() {
        let suffixed = { (suffix: String) in MiddlewareReader { (prefix: String) in Greeter(prefix: prefix + suffix) } }
        let both = suffixed("1") <> suffixed("2")
        #expect(sent(both.inject("p"), "a", 0) == ["p1:a:0", "p2:a:0"])
    }

    @Test("dimap lifts the middleware and takes the dependencies from larger ones, in one call")
    func dimap() {
        let dimapped = Self.reader.dimap(
            transformMiddleware: { $0.lift(outputAction: AppOutput.said) },
            extractOnlyDependenciesNeededForThisMiddleware: { (world: World) in world.prefix }
        )
        #expect(sent(dimapped.inject(World(prefix: "d")), "a", 1) == [.said("d:a:1")])
    }

    @Test("flatMap makes the second reader from the first's middleware and injects the same dependencies into both")
    func flatMap() {
        let flatMapped = Self.reader.flatMap { greeter -> MiddlewareReader<String, Greeter> in
            MiddlewareReader { (prefix: String) in Greeter(prefix: greeter.prefix + "+" + prefix.uppercased()) }
        }
        #expect(sent(flatMapped.inject("f"), "b", 2) == ["f+F:b:2"])
    }

    @Test("contramapDependecies, SwiftRex's spelling, does what contramapDependencies does")
    func contramap() {
        let misspelled = Self.reader.contramapDependecies { (world: World) -> String in world.prefix + "1" }
        #expect(sent(misspelled.inject(World(prefix: "c")), "c", 3) == ["c1:c:3"])
        let spelled = Self.reader.contramapDependencies { (world: World) -> String in world.prefix + "2" }
        #expect(sent(spelled.inject(World(prefix: "c")), "c", 3) == ["c2:c:3"])
    }
}
