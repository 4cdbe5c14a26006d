import RexCore
import RexTestSupport
import Testing

/// `identity`, `ignore` and `absurd` are global functions, as in SwiftRex, beside the static
/// `identity` of reducers, IOs and compositions: each spelling must resolve to what it means.
@Suite("identity, ignore and absurd beside Reducer.identity")
struct IdentityNameTests {
    @Test("identity(x) is the global function; Reducer.identity and .identity in a Reducer context are the reducer")
    func identitySpellings() {
        #expect(identity("x") == "x")
        let reducer: Reducer<Int, Int> = .identity
        var state = 5
        reducer.reduce(1, &state)
        Reducer<Int, Int>.identity.reduce(2, &state)
        #expect(state == 5)
        let lift: (Int) -> Int = identity
        #expect(lift(3) == 3)
        #expect(IO<Int>.identity.isPure)
    }

    @Test("identity, ignore and absurd serve as lifts beside a reducer's identity")
    func asLifts() {
        struct Counter: MiddlewareProtocol {
            func handle(action: Int, from dispatcher: ActionSource, state: @escaping GetState<Void>) -> IO<Never> {
                .pure()
            }
        }
        let typed: LiftMiddleware<Int, String, Double, Counter> = Counter().lift(
            inputAction: identity,
            outputAction: absurd,
            state: ignore
        )
        #expect(typed.handle(action: 1, from: .here(), state: { 2.0 }).isPure)
        let composed = Reducer<Int, Int>.identity <> .identity
        var state = 1
        composed.reduce(1, &state)
        #expect(state == 1)
    }
}
