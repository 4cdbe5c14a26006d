import Foundation
import RexCore
import RexDevTools

// An app that streams to the live inspector: a counter whose store adds one every half second,
// and prints its state after each change, for the end-to-end check of the inspector.
//
//     live-inspector-sample-app TOKEN [SERVER]
struct CounterState: Codable, Equatable, Sendable {
    var count = 0
    var log: [String] = []
}

enum CounterAction: Codable, Equatable, Sendable {
    case tick
    case note(String)
}

let counterReducer = Reducer<CounterAction, CounterState>.reduce { action, state in
    switch action {
    case .tick: state.count += 1
    case .note(let text): state.log.append(text)
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: live-inspector-sample-app TOKEN [SERVER]\n".utf8))
    exit(2)
}
// Connected in one line, as the article shows: the store's recorder, traveller and inspector
// made and started with it.
let store = ReduxStoreBase(
    initialState: CounterState(),
    reducer: counterReducer,
    liveInspectorToken: arguments[1],
    liveInspectorServer: arguments.count > 2 ? URL(string: arguments[2])! : URLSessionLiveInspectorTransport.defaultServer
)
let printer = store.subscribe { state in
    let encoded = (try? JSONEncoder().encode(state)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    FileHandle.standardOutput.write(Data("state \(encoded)\n".utf8))
}
while true {
    store.dispatch(.tick)
    try await Task.sleep(for: .milliseconds(500))
}
