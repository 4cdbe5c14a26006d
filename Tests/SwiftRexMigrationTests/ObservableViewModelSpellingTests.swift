// Compiled in Swift 5 language mode, as an app moving over from SwiftRex 0.8 compiles first.
// Uses a deprecated spelling on purpose: CI allows deprecation warnings in this target only.
import RexCore
import Testing

@Suite("SwiftRex 0.8 spellings: observable view models")
@MainActor
struct ObservableViewModelSpellingTests {
    enum Action: Sendable { case add(Int) }

    final class Store: ReduxStoreBase<Action, Int>, @unchecked Sendable {}

    @Test("asObservableViewModel(initialState:) shows the store's state, never the stale initial one")
    func initialStateSpelling() {
        let store = Store(initialState: 10, reducer: .reduce { action, state in
            if case .add(let amount) = action { state += amount }
        })
        let viewModel = store.asObservableViewModel(initialState: 0)
        #expect(viewModel.state == 10)
        viewModel.dispatch(.add(5))
        #expect(viewModel.state == 15)
    }
}

@Suite("SwiftRex 0.8 spellings: observable view models that decide what they show")
@MainActor
struct ObservableViewModelEmitsValueSpellingTests {
    typealias Action = ObservableViewModelSpellingTests.Action
    typealias Store = ObservableViewModelSpellingTests.Store

    static func store() -> Store {
        Store(initialState: 10, reducer: .reduce { action, state in
            if case .add(let amount) = action { state += amount }
        })
    }

    @Test("asObservableViewModel(initialState:emitsValue:) shows a new state only when emitsValue says so")
    func emitsValueSpelling() {
        let store = Self.store()
        // Shows a change only when the value crosses a multiple of 10.
        let viewModel = store.asObservableViewModel(initialState: 0, emitsValue: .when { old, new in old / 10 != new / 10 })
        #expect(viewModel.state == 10)
        viewModel.dispatch(.add(5))
        #expect(store.state == 15)
        #expect(viewModel.state == 10)
        viewModel.dispatch(.add(5))
        #expect(viewModel.state == 20)
    }
}
