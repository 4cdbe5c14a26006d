import RexCore

/// A counter domain shared by the store tests.
enum CounterAction: Equatable, Sendable {
    case increment
    case decrement
    case add(Int)
}

struct CounterState: Equatable, Sendable {
    var count = 0
}

let counterReducer = Reducer<CounterAction, CounterState>.reduce { action, state in
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    case .add(let amount): state.count += amount
    }
}

/// A store subclass, as apps write it. Swift asks a subclass to restate the base class's
/// `@unchecked Sendable`; the subclass adds no state, so the base class's locks still cover all.
final class CounterStore: ReduxStoreBase<CounterAction, CounterState>, @unchecked Sendable {}
