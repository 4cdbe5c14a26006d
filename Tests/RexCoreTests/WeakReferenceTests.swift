@testable import RexCore
import Testing

/// White-box tests of `WeakReference`: set once, read while the object lives, `nil` after, and
/// never the reason the object lives.
@Suite("A weak reference set once")
struct WeakReferenceTests {
    final class Object: Sendable {}

    @Test("Once set, the reference gives the object while it lives, and nil once it is gone; it never keeps it alive")
    func setAndRead() {
        let reference = WeakReference<Object>()
        do {
            let object = Object()
            reference.set(object)
            reference.checkSet()
            #expect(reference.value === object)
        }
        #expect(reference.value == nil)
    }

    @Test("The store's output refers to the store without keeping it: a released store is gone, and its output does nothing")
    func storeOutput() {
        weak var weakStore: ReduxStoreBase<Int, Int>?
        var output: AnyActionHandler<Int>?
        do {
            let store = ReduxStoreBase<Int, Int>(initialState: 0, reducer: Reducer { action, state in state += action })
            weakStore = store
            output = store.output
            output?.dispatch(1, from: ActionSource(file: "test", function: "test", line: 1))
            #expect(store.state == 1)
        }
        #expect(weakStore == nil)
        output?.dispatch(1, from: ActionSource(file: "test", function: "test", line: 1))
    }
}
