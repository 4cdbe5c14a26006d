import Foundation
import RexCore
import RexDevTools

/// A small app to record: a counter and a list, with actions that carry values.
enum RecorderDomain {
    struct State: Codable, Equatable, Sendable {
        var count = 0
        var items: [String] = []
        var settings = Settings()
    }

    struct Settings: Codable, Equatable, Sendable {
        var title = "List"
        var limit = 10
    }

    enum Action: Codable, Equatable, Sendable {
        case increment
        case add(String)
        case rename(String)
    }

    static let reducer = Reducer<Action, State>.reduce { action, state in
        switch action {
        case .increment: state.count += 1
        case .add(let item): state.items.append(item)
        case .rename(let title): state.settings.title = title
        }
    }

    /// The same reducer with a fault: renaming also sets the limit.
    static let changedReducer = Reducer<Action, State>.reduce { action, state in
        switch action {
        case .increment: state.count += 1
        case .add(let item): state.items.append(item)
        case .rename(let title):
            state.settings.title = title
            state.settings.limit = 0
        }
    }

    final class Store: ReduxStoreBase<Action, State>, @unchecked Sendable {}

    static func recordedStore(capacity: Int = 1_000) -> (Store, Recorder<Action, State>) {
        let recorder = Recorder<Action, State>(capacity: capacity)
        return (Store(initialState: State(), reducer: reducer, middleware: recorder.middleware), recorder)
    }
}
