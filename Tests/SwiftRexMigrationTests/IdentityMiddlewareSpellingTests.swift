// Compiled in Swift 5 language mode, as an app moving over from SwiftRex 0.8 compiles first.
// SwiftRex 0.8.12's LiftIdentityMiddlewareTests, written with Swift Testing: a lifted identity
// is compared with `==` to the identity of the larger types.
import RexCore
import Testing

@Suite("SwiftRex 0.8 spellings: IdentityMiddleware is Equatable")
struct IdentityMiddlewareSpellingTests {
    enum Bar: Equatable, Sendable { case alpha, bravo }
    enum AppAction: Equatable, Sendable {
        case foo
        case bar(Bar)
        var bar: Bar? {
            if case .bar(let bar) = self { return bar }
            return nil
        }
    }
    struct TestState: Equatable, Sendable { var name = "" }

    let identityBefore = IdentityMiddleware<Bar, Bar, String>()

    @Test("Two identities of the same types are equal")
    func equal() {
        #expect(IdentityMiddleware<Bar, Bar, String>() == IdentityMiddleware<Bar, Bar, String>())
        #expect(!(IdentityMiddleware<Bar, Bar, String>() != IdentityMiddleware<Bar, Bar, String>()))
    }

    @Test("An identity lifted by inputAction, outputAction and state is the identity of the larger types")
    func liftInputActionOutputActionState() {
        let identityLifted = identityBefore.lift(
            inputAction: { (global: AppAction) in global.bar },
            outputAction: { bar in AppAction.bar(bar) },
            state: { (global: TestState) in global.name }
        )
        #expect(identityLifted == IdentityMiddleware<AppAction, AppAction, TestState>())
    }

    @Test("An identity lifted by outputAction and state is the identity of the larger types")
    func liftOutputActionState() {
        let identityLifted = identityBefore.lift(
            outputAction: { bar in AppAction.bar(bar) },
            state: { (global: TestState) in global.name }
        )
        #expect(identityLifted == IdentityMiddleware<Bar, AppAction, TestState>())
    }

    @Test("An identity lifted by inputAction and state is the identity of the larger types")
    func liftInputActionState() {
        let identityLifted = identityBefore.lift(
            inputAction: { (global: AppAction) in global.bar },
            state: { (global: TestState) in global.name }
        )
        #expect(identityLifted == IdentityMiddleware<AppAction, Bar, TestState>())
    }

    @Test("An identity lifted by inputAction and outputAction is the identity of the larger types")
    func liftInputActionOutputAction() {
        let identityLifted = identityBefore.lift(
            inputAction: { (global: AppAction) in global.bar },
            outputAction: { bar in AppAction.bar(bar) }
        )
        #expect(identityLifted == IdentityMiddleware<AppAction, AppAction, String>())
    }

    @Test("An identity lifted by inputAction, outputAction or state alone is the identity of the larger types")
    func liftOne() {
        #expect(identityBefore.lift(inputAction: { (global: AppAction) in global.bar }) == IdentityMiddleware<AppAction, Bar, String>())
        #expect(identityBefore.lift(outputAction: { bar in AppAction.bar(bar) }) == IdentityMiddleware<Bar, AppAction, String>())
        #expect(identityBefore.lift(state: { (global: TestState) in global.name }) == IdentityMiddleware<Bar, Bar, TestState>())
    }
}
