// Compiled in Swift 5 language mode, as an app moving over from SwiftRex 0.8 compiles first.
import RexCore
import RexTestSupport
import Testing

/// A type of the app's own, made a monoid the way SwiftRex 0.8 code does it.
struct Trail: Monoid, Equatable {
    var steps: [String]

    static func <> (lhs: Trail, rhs: Trail) -> Trail {
        Trail(steps: lhs.steps + rhs.steps)
    }

    static var identity: Trail {
        Trail(steps: [])
    }
}

/// Generic code written against SwiftRex's protocols, as apps and helper libraries have it.
func combineAll<T: Monoid>(_ values: [T]) -> T {
    values.reduce(T.identity, <>)
}

@Suite("SwiftRex 0.8 spellings: Monoid and Semigroup")
struct MonoidSpellingTests {
    @Test("An app's own Monoid gets <> and identity, and generic Monoid code combines it")
    func ownMonoid() {
        let trail = Trail(steps: ["a"]) <> Trail(steps: ["b"]) <> .identity
        #expect(trail == Trail(steps: ["a", "b"]))
        #expect(combineAll([Trail(steps: ["x"]), Trail(steps: ["y", "z"])]) == Trail(steps: ["x", "y", "z"]))
        #expect(combineAll([Trail]()) == .identity)
    }

    @Test("Reducers combined as Monoids run left to right, and identity changes nothing")
    func reducers() {
        let append = { (letter: String) in Reducer<String, String>.reduce { action, state in state += letter + action } }
        let combined = combineAll([append("a"), .identity, append("b")])
        var state = ""
        combined.reduce("!", &state)
        #expect(state == "a!b!")

        var unchanged = "kept"
        combineAll([Reducer<String, String>]()).reduce("!", &unchanged)
        #expect(unchanged == "kept")
    }

    @Test("IOs combined as Monoids run left to right; the identity of IO is pure")
    func ios() {
        let sent = Recorder<String>()
        let combined = combineAll([IO<String> { $0.dispatch("a") }, .identity, IO { $0.dispatch("b") }])
        combined.run(sent.output)
        #expect(sent.values == ["a", "b"])
        #expect(combineAll([IO<String>]()).isPure)
    }

    @Test("ComposedMiddlewares combined as Monoids keep every member, in order")
    func composedMiddlewares() {
        var first = ComposedMiddleware<String, String, Int>()
        first.append(middleware: CompositionSpellingTests.Tag(name: "a"))
        var second = ComposedMiddleware<String, String, Int>()
        second.append(middleware: CompositionSpellingTests.Tag(name: "b"))
        let combined = combineAll([first, .identity, second])
        #expect(combined.middlewares.count == 2)
        let sent = Recorder<String>()
        combined.handle(action: "x", from: .here(), state: { 0 }).run(sent.output)
        #expect(sent.values == ["a:x", "b:x"])
    }
}
