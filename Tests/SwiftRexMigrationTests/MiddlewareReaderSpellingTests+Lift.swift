// Compiled in Swift 5 language mode, as an app moving over from SwiftRex 0.8 compiles first.
// The fifteen label sets of SwiftRex 0.8's `MiddlewareReader.lift`, each checked for what it routes.
import RexCore
import Testing

extension MiddlewareReaderSpellingTests {
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

    @Test("lift takes key-path literals for the maps, as SwiftRex code passes them")
    func liftWithKeyPaths() {
        let lifted = Self.reader.lift(
            inputAction: \AppAction.greeter,
            outputAction: AppOutput.said,
            state: \AppState.count,
            dependencies: \World.prefix
        )
        #expect(sent(lifted.inject(World(prefix: "k")), .greeter("a"), AppState()) == [.said("k:a:7")])
        #expect(sent(lifted.inject(World(prefix: "k")), .other, AppState()).isEmpty)
        let someLifted = Self.reader.lift(state: \AppState.count, dependencies: \World.prefix)
        #expect(sent(someLifted.inject(World(prefix: "s")), "b", AppState(count: 2)) == ["s:b:2"])
    }

    @Test("lifted readers joined with <> inject the same dependencies into each and run both")
    func liftedAndComposed() {
        let first = Self.reader.lift(inputAction: \AppAction.greeter, outputAction: AppOutput.said, state: \AppState.count)
        let second = MiddlewareReader { (prefix: String) in Greeter(prefix: prefix + "2") }
            .lift(inputAction: \AppAction.greeter, outputAction: AppOutput.said, state: \AppState.count)
        let both = (first <> second).inject("p")
        #expect(sent(both, .greeter("a"), AppState()) == [.said("p:a:7"), .said("p2:a:7")])
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
        #expect(sent(Self.reader.lift(inputAction: { (a: AppAction) in a.greeter }, outputAction: AppOutput.said).inject("p"), .greeter("f"), 2) == [.said("p:f:2")])
        #expect(sent(Self.reader.lift(inputAction: { (a: AppAction) in a.greeter }, outputAction: AppOutput.said).inject("p"), .other, 2).isEmpty)
    }

    @Test("lift with one map leaves the others as they were")
    func liftOne() {
        #expect(sent(Self.reader.lift(state: { (s: AppState) in s.count }).inject("p"), "a", AppState()) == ["p:a:7"])
        #expect(sent(Self.reader.lift(dependencies: { (w: World) in w.prefix }).inject(World(prefix: "w")), "b", 1) == ["w:b:1"])
        #expect(sent(Self.reader.lift(outputAction: AppOutput.said).inject("p"), "c", 2) == [.said("p:c:2")])
        #expect(sent(Self.reader.lift(inputAction: { (a: AppAction) in a.greeter }).inject("p"), .greeter("d"), 3) == ["p:d:3"])
    }

    @Test("lift(dependencies:) keeps the middleware itself, as in SwiftRex: only the dependencies change")
    func liftDependenciesKeepsTheMiddleware() {
        let lifted: MiddlewareReader<World, Greeter> = Self.reader.lift(dependencies: \World.prefix)
        #expect(lifted.inject(World(prefix: "kept")).prefix == "kept")
    }
}
