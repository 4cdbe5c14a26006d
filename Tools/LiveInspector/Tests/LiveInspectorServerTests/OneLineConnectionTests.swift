import Foundation
import Hummingbird
import HummingbirdTesting
import LiveInspectorServer
import RexCore
import RexDevTools
import Testing

/// An app connected the way the article shows, in one line, against the server running on a
/// port of this machine.
@Suite("An app connected in one line")
struct OneLineConnectionTests {
    struct Counter: Codable, Equatable, Sendable {
        var count = 0
    }

    enum Tick: Codable, Equatable, Sendable {
        case tick
    }

    static let reducer = Reducer<Tick, Counter>.reduce { _, state in state.count += 1 }

    @Test("A store made with the token streams its steps, with their states, to the server", .timeLimit(.minutes(1)))
    func oneLineStoreStreams() async throws {
        // A short hold of the command polls, so that the server, shutting down, waits for none long.
        try await LiveInspectorServerTests.app(commandWait: .milliseconds(100)).test(.live) { client in
            let port = try #require(client.port)
            let server = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let store = ReduxStoreBase(initialState: Counter(), reducer: Self.reducer, liveInspectorToken: LiveInspectorServerTests.token, liveInspectorServer: server)
            store.dispatch(.tick)
            store.dispatch(.tick)
            // The inspector sends once its latency has passed: ask until both steps are there.
            var counts: [Int] = []
            while counts.count < 2 {
                try await Task.sleep(for: .milliseconds(50))
                let sessions = try await client.execute(uri: "/page/sessions?token=secret", method: .get) { response in
                    LiveInspectorServerTests.object(response.body)["sessions"] as? [[String: Any]] ?? []
                }
                guard let id = sessions.first?["id"] as? String else { continue }
                counts = try await client.execute(uri: "/page/sessions/\(id)/steps?after=-1&token=secret", method: .get) { response in
                    let steps = LiveInspectorServerTests.object(response.body)["steps"] as? [[String: Any]] ?? []
                    return steps.compactMap { ($0["state"] as? [String: Any])?["count"] as? Int }
                }
            }
            #expect(counts == [1, 2])
            #expect(store.state.count == 2)
        }
    }
}
