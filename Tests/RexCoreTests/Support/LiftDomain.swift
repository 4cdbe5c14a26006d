/// A small app of two features, for the lifting tests.
enum CounterFeatureAction: Equatable, Sendable {
    case add(Int)
    case report(Int)
}

struct CounterFeatureState: Equatable, Sendable {
    var value = 0
}

enum GlobalAction: Equatable, Sendable {
    case counter(CounterFeatureAction)
    case other(String)

    var counter: CounterFeatureAction? {
        if case .counter(let action) = self { return action }
        return nil
    }
}

struct GlobalState: Equatable, Sendable {
    var counter = CounterFeatureState()
    var label = "untouched"
}

struct TodoItem: Identifiable, Equatable, Sendable {
    let id: String
    var done = false
}

enum TodoAction: Equatable, Sendable {
    case toggle
    case announce
}

enum ListAction: Equatable, Sendable {
    case byID(ElementIDAction<String, TodoAction>)
    case byIndex(ElementIndexAction<Int, TodoAction>)
    case announced(ElementIDAction<String, String>)

    var byID: ElementIDAction<String, TodoAction>? {
        if case .byID(let action) = self { return action }
        return nil
    }

    var byIndex: ElementIndexAction<Int, TodoAction>? {
        if case .byIndex(let action) = self { return action }
        return nil
    }
}

struct ListState: Equatable, Sendable {
    var items: [TodoItem]
}

import RexCore
