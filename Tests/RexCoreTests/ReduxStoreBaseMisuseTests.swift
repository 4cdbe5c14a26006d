import RexCore
import RexTestSupport
import Testing

@Suite("Misuse")
struct ReduxStoreBaseMisuseTests {
    #if DEBUG
    @Test("Dispatching inside handle stops a debug build with a message naming the action and its source")
    func dispatchInsideHandleIsCaught() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let keptStore = Recorder<CounterStore>()
            let middleware = AnyMiddleware<CounterAction, CounterAction, CounterState> { action, _, _ in
                if action == .increment {
                    keptStore.values.first?.dispatch(.decrement, info: "inside handle")
                }
                return .pure()
            }
            let store = CounterStore(initialState: CounterState(), reducer: counterReducer, middleware: middleware)
            keptStore.record(store)
            store.dispatch(.increment)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("decrement was dispatched from"))
        #expect(message.contains("| inside handle"))
        #expect(message.contains("handle(action:from:state:) for increment"))
    }
    #endif
}
