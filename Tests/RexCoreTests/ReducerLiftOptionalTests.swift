import Foundation
import RexCore
import RexTestSupport
import Testing

@Suite("Lifting reducers into optional parts and dictionaries")
struct ReducerLiftOptionalTests {
    @Test("Lifted by key paths into an optional part, a reducer changes the part while it is there and skips its actions while it is nil")
    func optionalByKeyPath() {
        let lifted = counterFeatureReducer.liftOptional(action: \OptionalGlobalAction.detail, state: \OptionalGlobalState.detail)
        var state = OptionalGlobalState(detail: CounterFeatureState(value: 1))
        lifted.reduce(.detail(.add(2)), &state)
        #expect(state.detail?.value == 3)
        lifted.reduce(.open, &state)
        #expect(state.detail?.value == 3)
        state.detail = nil
        lifted.reduce(.detail(.add(2)), &state)
        #expect(state.detail == nil)
    }

    @Test("Lifted by closures into an optional part, a reducer reads, changes and writes back the part while it is there")
    func optionalByClosure() {
        let lifted = counterFeatureReducer.liftOptional(
            actionGetter: { (action: OptionalGlobalAction) in action.detail },
            stateGetter: { (state: OptionalGlobalState) in state.detail },
            stateSetter: { state, detail in state.detail = detail }
        )
        var state = OptionalGlobalState(detail: CounterFeatureState(value: 1))
        lifted.reduce(.detail(.add(4)), &state)
        #expect(state.detail?.value == 5)
        state.detail = nil
        lifted.reduce(.detail(.add(4)), &state)
        #expect(state.detail == nil)
    }

    @Test("Lifted by its state alone, a reducer sees every action while its optional part is there")
    func optionalStateOnly() {
        let byPath = counterFeatureReducer.liftOptional(state: \OptionalGlobalState.detail)
        let byClosure = counterFeatureReducer.liftOptional(
            stateGetter: { (state: OptionalGlobalState) in state.detail },
            stateSetter: { state, detail in state.detail = detail }
        )
        for lifted in [byPath, byClosure] {
            var state = OptionalGlobalState(detail: CounterFeatureState(value: 1))
            lifted.reduce(.add(1), &state)
            #expect(state.detail?.value == 2)
            state.detail = nil
            lifted.reduce(.add(1), &state)
            #expect(state.detail == nil)
        }
    }

    @Test("Lifted into a dictionary, a reducer changes the value of the key its action names, and skips a key not there")
    func dictionary() {
        let lifted = counterFeatureReducer.liftToCollection(action: \OptionalGlobalAction.counter, stateCollection: \OptionalGlobalState.counters)
        var state = OptionalGlobalState(counters: ["a": CounterFeatureState(value: 1), "b": CounterFeatureState(value: 10)])
        lifted.reduce(.counter(ElementIDAction(id: "b", action: .add(5))), &state)
        lifted.reduce(.counter(ElementIDAction(id: "zz", action: .add(5))), &state)
        #expect(state.counters == ["a": CounterFeatureState(value: 1), "b": CounterFeatureState(value: 15)])
    }

    @Test("In a debug build, an action for an absent optional part is reported once per lift, naming the action and where it was dispatched")
    func absentPartReport() async {
        #if DEBUG
        let messages = Recorder<String>()
        let observer = DebugMessages.observe { message in
            if message.contains("ReducerLiftOptionalTests.swift") { messages.record(message) }
        }
        defer { DebugMessages.stopObserving(observer) }
        let reducer = counterFeatureReducer.liftOptional(action: \OptionalGlobalAction.detail, state: \OptionalGlobalState.detail)
            <> Reducer<OptionalGlobalAction, OptionalGlobalState>.reduce { action, state in
                if case .open = action { state.detail = CounterFeatureState() }
                if case .close = action { state.detail = nil }
            }
        let store = ReduxStoreBase(initialState: OptionalGlobalState(), reducer: reducer)
        store.dispatch(.detail(.add(41)))  // the line named in the message
        let line = #line - 1
        store.dispatch(.detail(.add(2)))
        store.dispatch(.open)
        store.dispatch(.detail(.add(3)))
        #expect(store.state.detail?.value == 3)
        #expect(messages.values.count == 1)
        let message = messages.values.first ?? ""
        #expect(message.contains("add(41)"))
        #expect(message.contains("ReducerLiftOptionalTests.swift"))
        #expect(message.contains(":\(line)"))
        #expect(message.contains("absentPartReport"))
        #expect(message.contains("detail"))
        #endif
    }
}
