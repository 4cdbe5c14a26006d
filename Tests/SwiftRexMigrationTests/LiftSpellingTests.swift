// Compiled in Swift 5 language mode, as an app moving over from SwiftRex 0.8 compiles first.
// Each test writes SwiftRex's spelling and checks what it does.
import RexCore
import RexTestSupport
import Testing

@Suite("SwiftRex 0.8 spellings: lifting middlewares")
struct LiftSpellingTests {
    enum LocalAction: Equatable, Sendable { case ping, pong }
    enum GlobalAction: Equatable, Sendable {
        case local(LocalAction)
        case other
        var local: LocalAction? {
            if case .local(let action) = self { return action }
            return nil
        }
    }
    struct GlobalState: Equatable, Sendable { var local = 7; var other = 0 }

    struct Echo: MiddlewareProtocol {
        func handle(action: LocalAction, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<LocalAction> {
            guard action == .ping else { return .pure() }
            return IO { output in output.dispatch(.pong, info: "\(state())") }
        }
    }

    @Test("A middleware lifted with closures, as SwiftRex code writes it, routes only its own actions")
    func liftWithClosures() {
        let lifted = Echo().lift(
            inputAction: { (global: GlobalAction) in global.local },
            outputAction: { GlobalAction.local($0) },
            state: { (global: GlobalState) in global.local }
        )
        let sent = Recorder<GlobalAction>()
        lifted.handle(action: .local(.ping), from: .here(), state: { GlobalState() }).run(sent.output)
        lifted.handle(action: .other, from: .here(), state: { GlobalState() }).run(sent.output)
        #expect(sent.values == [.local(.pong)])
    }
}

@Suite("SwiftRex 0.8 spellings: composing")
struct CompositionSpellingTests {
    struct Tag: MiddlewareProtocol {
        let name: String
        func handle(action: String, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<String> {
            let name = name
            return IO { output in output.dispatch("\(name):\(action)") }
        }
    }

    @Test("IO.identity runs nothing, on either side of <>")
    func ioIdentity() {
        let sent = Recorder<String>()
        let io = IO<String> { output in output.dispatch("a") }
        (IO<String>.identity <> io <> .identity).run(sent.output)
        #expect(sent.values == ["a"])
        #expect(IO<String>.identity.isPure)
    }

    @Test("append(middleware:) and <> of two compositions run the members in order; identity adds none")
    func composedMiddleware() {
        var first = ComposedMiddleware<String, String, Int>.identity
        first.append(middleware: Tag(name: "a"))
        var second = ComposedMiddleware<String, String, Int>()
        second.append(middleware: Tag(name: "b"))
        second.append(middleware: IdentityMiddleware())
        let both = first <> second <> .identity
        #expect(both.middlewares.count == 2)
        let sent = Recorder<String>()
        both.handle(action: "x", from: .here(), state: { 0 }).run(sent.output)
        #expect(sent.values == ["a:x", "b:x"])
    }
}

@Suite("SwiftRex 0.8 spellings: lifting erased and identity middlewares")
struct ErasedLiftSpellingTests {
    typealias Local = LiftSpellingTests.LocalAction
    typealias Global = LiftSpellingTests.GlobalAction
    typealias State = LiftSpellingTests.GlobalState

    @Test("AnyMiddleware.lift returns an AnyMiddleware that routes as the lifted middleware does")
    func anyMiddlewareLift() {
        let erased: AnyMiddleware<Local, Local, Int> = LiftSpellingTests.Echo().eraseToAnyMiddleware()
        let lifted: AnyMiddleware<Global, Global, State> = erased.lift(
            inputAction: \Global.local,
            outputAction: { Global.local($0) },
            state: \State.local
        )
        let sent = Recorder<Global>()
        lifted.handle(action: .local(.ping), from: .here(), state: { State() }).run(sent.output)
        lifted.handle(action: .other, from: .here(), state: { State() }).run(sent.output)
        #expect(sent.values == [.local(.pong)])
    }

    @Test("An identity lifted, erased or not, stays an identity that a composition leaves out")
    func identityLift() {
        let identity: IdentityMiddleware<Global, Global, State> = IdentityMiddleware<Local, Local, Int>()
            .lift(inputAction: \Global.local, outputAction: { Global.local($0) }, state: \State.local)
        let erasedIdentity: AnyMiddleware<Global, Global, State> = IdentityMiddleware<Local, Local, Int>()
            .eraseToAnyMiddleware()
            .lift(inputAction: \Global.local, outputAction: { Global.local($0) }, state: \State.local)
        var composed = ComposedMiddleware<Global, Global, State>()
        composed.append(middleware: identity)
        composed.append(middleware: erasedIdentity)
        #expect(composed.middlewares.isEmpty)
    }
}
