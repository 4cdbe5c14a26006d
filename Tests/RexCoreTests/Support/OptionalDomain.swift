import RexCore

/// An app with an optional counter (a detail that opens and closes) and a dictionary of counters.
struct OptionalGlobalState: Equatable, Sendable {
    var detail: CounterFeatureState?
    var counters: [String: CounterFeatureState] = [:]
    var label = "untouched"
}

enum OptionalGlobalAction: Equatable, Sendable {
    case detail(CounterFeatureAction)
    case counter(ElementIDAction<String, CounterFeatureAction>)
    case open
    case close

    var detail: CounterFeatureAction? {
        get {
            guard case .detail(let action) = self else { return nil }
            return action
        }
        set {
            guard let newValue, case .detail = self else { return }
            self = .detail(newValue)
        }
    }

    var counter: ElementIDAction<String, CounterFeatureAction>? {
        get {
            guard case .counter(let action) = self else { return nil }
            return action
        }
        set {
            guard let newValue, case .counter = self else { return }
            self = .counter(newValue)
        }
    }
}

let counterFeatureReducer = Reducer<CounterFeatureAction, CounterFeatureState>.reduce { action, state in
    if case .add(let amount) = action { state.value += amount }
}
