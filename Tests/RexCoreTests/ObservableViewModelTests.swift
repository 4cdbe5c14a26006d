import Dispatch
import Observation
import RexCore
import RexTestSupport
import Testing

@Suite("The observable view model")
@MainActor
struct ObservableViewModelTests {
    @Test("A dispatch on the main thread updates the view model at once and tells its observers")
    func mainThreadDispatchUpdatesAtOnce() async {
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer)
        let viewModel = store.asObservableViewModel()
        #expect(viewModel.state.count == 0)
        await confirmation("observers are told") { changed in
            withObservationTracking {
                _ = viewModel.state
            } onChange: {
                changed()
            }
            viewModel.dispatch(.increment)
        }
        #expect(viewModel.state.count == 1)
    }

    @Test("An Equatable state that did not change does not invalidate observers")
    func unchangedStateDoesNotInvalidate() {
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer)
        let viewModel = store.asObservableViewModel()
        let told = Recorder<Int>()
        withObservationTracking {
            _ = viewModel.state
        } onChange: {
            told.record(1)
        }
        viewModel.dispatch(.add(0))
        #expect(told.values.isEmpty)
        // Delivery on the main thread is synchronous, so the same observation is told of a real
        // change at once: the silence above was not a delivery still on its way.
        viewModel.dispatch(.increment)
        #expect(told.values.count == 1)
    }

    @Test("A change made on another thread reaches the view model on the main actor")
    func backgroundDispatchArrivesOnMain() async {
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer)
        let viewModel = store
            .projection(action: { (action: CounterAction) in action }, state: { (state: CounterState) in state.count })
            .asObservableViewModel()
        await Task.detached {
            await store.dispatchAndWait(.add(7))
        }.value
        // The view model hopped to the main queue; a block queued after it runs after it.
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }
        #expect(viewModel.state == 7)
    }

    @Test("With emitsValue, a state is shown when it says so, compared with the state received before it")
    func emitsValue() {
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer)
        let viewModel = store
            .projection(action: { (action: CounterAction) in action }, state: { (state: CounterState) in state.count })
            .asObservableViewModel(emitsValue: .when { old, new in new - old >= 2 })
        // Steps of one are never shown, however far they add up: each is compared with the one
        // received before it, as SwiftRex's view model did, not with the one shown.
        viewModel.dispatch(.increment)
        viewModel.dispatch(.increment)
        viewModel.dispatch(.increment)
        #expect(store.state.count == 3)
        #expect(viewModel.state == 0)
        viewModel.dispatch(.add(2))
        #expect(viewModel.state == 5)
    }

    @Test("With emitsValue .always, an equal state still invalidates observers")
    func emitsValueAlways() {
        let store = CounterStore(initialState: CounterState(), reducer: counterReducer)
        let viewModel = ObservableViewModel(store, emitsValue: .always)
        let told = Recorder<Int>()
        withObservationTracking {
            _ = viewModel.state
        } onChange: {
            told.record(1)
        }
        viewModel.dispatch(.add(0))
        #expect(told.values.count == 1)
    }

    @Test("With emitsValue .never, the view model keeps the store's state when it was made")
    func emitsValueNever() {
        let store = CounterStore(initialState: CounterState(count: 10), reducer: counterReducer)
        let viewModel = store.asObservableViewModel(emitsValue: .never)
        viewModel.dispatch(.add(5))
        #expect(store.state.count == 15)
        #expect(viewModel.state.count == 10)
    }
}
