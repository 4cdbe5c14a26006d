import RexCore
import RexTestSupport
import Testing

@Suite("SwiftRex 0.8 spellings: ShouldEmitValue")
struct ShouldEmitValueSpellingTests {
    @Test("shouldEmit and shouldRemove answer as each case decides")
    func answers() {
        #expect(ShouldEmitValue<Int>.always.shouldEmit(previous: 1, new: 1))
        #expect(!ShouldEmitValue<Int>.never.shouldEmit(previous: 1, new: 2))
        #expect(ShouldEmitValue<Int>.whenDifferent.shouldEmit(previous: 1, new: 2))
        #expect(!ShouldEmitValue<Int>.whenDifferent.shouldEmit(previous: 2, new: 2))
        let rising = ShouldEmitValue<Int>.when { previous, new in new > previous }
        #expect(rising.shouldEmit(previous: 1, new: 2))
        #expect(rising.shouldRemove(previous: 2, new: 1))
        #expect(!rising.shouldRemove(previous: 1, new: 2))
    }

    @Test("A store whose ShouldEmitValue says no still keeps the mutation")
    func mutationKept() {
        let store = ReduxStoreBase<Int, Int>(
            initialState: 0,
            reducer: .reduce { action, state in state += action },
            middleware: IdentityMiddleware(),
            emitsValue: .never
        )
        let seen = Recorder<Int>()
        let token = store.subscribe { seen.record($0) }
        store.dispatch(5)
        #expect(store.state == 5)
        #expect(seen.values == [0])
        token.cancel()
    }
}
