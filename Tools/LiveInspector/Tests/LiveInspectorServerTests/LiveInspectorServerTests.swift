import Foundation
import Hummingbird
import HummingbirdTesting
@testable import LiveInspectorServer
import Testing

@Suite("The live inspector's server")
struct LiveInspectorServerTests {
    static let token = "secret"
    static let bearer: HTTPFields = [.authorization: "Bearer secret"]

    static func app(commandWait: Duration = .seconds(25)) -> some ApplicationProtocol {
        Application(router: LiveInspectorServer.router(token: token, sessions: InspectedSessions(stepLimit: 3), commandWait: commandWait))
    }

    static func batch(_ indexes: ClosedRange<Int>, dropped: Int = 0, initialState: String? = nil) -> ByteBuffer {
        let steps = indexes.map { #"{"index":\#($0),"action":{"add":{"_0":"item \#($0)"}},"state":{"count":\#($0 + 1)}}"# }
        let initial = initialState.map { #","initialState":\#($0)"# } ?? ""
        return ByteBuffer(string: #"{"formatVersion":1,"dropped":\#(dropped)\#(initial),"steps":[\#(steps.joined(separator: ","))]}"#)
    }

    static func object(_ buffer: ByteBuffer) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(buffer: buffer)) as? [String: Any]) ?? [:]
    }

    @Test("A request without the token, or with another, is refused, and nothing of it is kept")
    func refusedWithoutToken() async throws {
        try await Self.app().test(.router) { client in
            try await client.execute(uri: "/apps/a/steps", method: .post, body: Self.batch(0...0)) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/apps/a/steps", method: .post, headers: [.authorization: "Bearer wrong"], body: Self.batch(0...0)) {
                #expect($0.status == .unauthorized)
            }
            try await client.execute(uri: "/", method: .get) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/page/sessions?token=secret", method: .get) { response in
                #expect((Self.object(response.body)["sessions"] as? [Any])?.isEmpty == true)
            }
        }
    }

    @Test("The page with the token: the live page; the app's steps reach the page in order, newer than the last it has, with the drops and the first state")
    func stepsReachThePage() async throws {
        try await Self.app().test(.router) { client in
            try await client.execute(uri: "/?token=secret", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains(#""live":true"#))
            }
            try await client.execute(uri: "/apps/run-1/steps", method: .post, headers: Self.bearer, body: Self.batch(0...1, initialState: #"{"count":0}"#)) {
                #expect($0.status == .noContent)
            }
            // A later state before (an app sends one again after a failed send) does not
            // replace the session's first.
            try await client.execute(uri: "/apps/run-1/steps", method: .post, headers: Self.bearer, body: Self.batch(4...4, dropped: 2, initialState: #"{"count":4}"#)) {
                #expect($0.status == .noContent)
            }
            try await client.execute(uri: "/page/sessions?token=secret", method: .get) { response in
                #expect((Self.object(response.body)["sessions"] as? [[String: Any]])?.first?["id"] as? String == "run-1")
            }
            try await client.execute(uri: "/page/sessions/run-1/steps?after=0&token=secret", method: .get) { response in
                let page = Self.object(response.body)
                #expect((page["steps"] as? [[String: Any]])?.map { $0["index"] as? Int } == [1, 4])
                #expect(page["dropped"] as? Int == 2)
                #expect((page["initialState"] as? [String: Any])?["count"] as? Int == 0)
            }
        }
    }

    @Test("Past its limit a session lets its oldest steps go and counts them as dropped")
    func bounded() async throws {
        try await Self.app().test(.router) { client in
            try await client.execute(uri: "/apps/a/steps", method: .post, headers: Self.bearer, body: Self.batch(0...4)) { _ in }
            try await client.execute(uri: "/page/sessions/a/steps?token=secret", method: .get) { response in
                let page = Self.object(response.body)
                #expect((page["steps"] as? [[String: Any]])?.map { $0["index"] as? Int } == [2, 3, 4])
                #expect(page["dropped"] as? Int == 2)
            }
        }
    }

    @Test("Past its byte limit a session lets its oldest steps go and counts them as dropped, however few they are")
    func byteLimitDropsOldest() async throws {
        let sessions = InspectedSessions(stepLimit: 100, byteLimit: 500)
        let big = String(repeating: "x", count: 150)
        for index in 0..<4 {
            let body = #"{"formatVersion":1,"dropped":0,"steps":[{"index":\#(index),"state":{"note":"\#(big)"}}]}"#
            try await sessions.receive(batch: Data(body.utf8), from: "run-1")
        }
        let page = try #require(await sessions.steps(of: "run-1", after: -1))
        let object = try #require(try JSONSerialization.jsonObject(with: page) as? [String: Any])
        #expect((object["steps"] as? [[String: Any]])?.map { $0["index"] as? Int } == [2, 3])
        #expect(object["dropped"] as? Int == 2)
    }

    @Test("A session keeps the newest rejected commands, at most its limit")
    func rejectionsAreBounded() async throws {
        let sessions = InspectedSessions()
        for sequence in 0..<(InspectedSessions.rejectionLimit + 5) {
            let body = #"{"formatVersion":1,"dropped":0,"steps":[],"rejectedCommands":[{"sequence":\#(sequence),"reason":"r"}]}"#
            try await sessions.receive(batch: Data(body.utf8), from: "run-1")
        }
        let page = try #require(await sessions.steps(of: "run-1", after: -1))
        let object = try #require(try JSONSerialization.jsonObject(with: page) as? [String: Any])
        let rejected = (object["rejectedCommands"] as? [[String: Any]])?.map { $0["sequence"] as? Int } ?? []
        #expect(rejected == Array(5..<(InspectedSessions.rejectionLimit + 5)))
    }

    @Test("What is not a batch, or not a command, is refused with the reason")
    func badBodies() async throws {
        try await Self.app().test(.router) { client in
            try await client.execute(uri: "/apps/a/steps", method: .post, headers: Self.bearer, body: ByteBuffer(string: "[1]")) {
                #expect($0.status == .badRequest)
            }
            try await client.execute(uri: "/apps/a/steps", method: .post, headers: Self.bearer, body: ByteBuffer(string: #"{"steps":[{"action":1}]}"#)) {
                #expect($0.status == .badRequest)
            }
            try await client.execute(uri: "/page/sessions/a/commands?token=secret", method: .post, body: ByteBuffer(string: #"{"kind":"jump"}"#)) {
                #expect($0.status == .notFound)  // no such app yet
            }
            try await client.execute(uri: "/apps/a/steps", method: .post, headers: Self.bearer, body: Self.batch(0...0)) { _ in }
            for bad in [#"{"kind":"jump"}"#, #"{"kind":"dispatch","action":{"add":1}}"#, #"{"kind":"fly"}"#, "not json"] {
                try await client.execute(uri: "/page/sessions/a/commands?token=secret", method: .post, body: ByteBuffer(string: bad)) {
                    #expect($0.status == .badRequest, "\(bad)")
                }
            }
        }
    }

    @Test("The page's commands reach the app's waiting request at once, numbered, and a later request gets only newer ones", .timeLimit(.minutes(1)))
    func commandsReachTheApp() async throws {
        // A wait longer than the time limit: the request must be woken by the command.
        let sessions = InspectedSessions()
        let app = Application(router: LiveInspectorServer.router(token: Self.token, sessions: sessions, commandWait: .seconds(600)))
        try await app.test(.router) { client in
            try await client.execute(uri: "/apps/a/steps", method: .post, headers: Self.bearer, body: Self.batch(0...0)) { _ in }
            async let waiting = client.execute(uri: "/apps/a/commands?after=0", method: .get, headers: Self.bearer) { response in
                Self.object(response.body)["commands"] as? [[String: Any]] ?? []
            }
            while await sessions.waitingRequests(of: "a") == 0 {
                await Task.yield()
            }
            try await client.execute(uri: "/page/sessions/a/commands?token=secret", method: .post, body: ByteBuffer(string: #"{"kind":"jump","step":0}"#)) {
                #expect(Self.object($0.body)["sequence"] as? Int == 1)
            }
            let received = try await waiting
            #expect(received.map { $0["kind"] as? String } == ["jump"])
            try await client.execute(uri: "/page/sessions/a/commands?token=secret", method: .post, body: ByteBuffer(string: #"{"kind":"dispatch","action":"{}"}"#)) { _ in }
            try await client.execute(uri: "/apps/a/commands?after=1", method: .get, headers: Self.bearer) { response in
                #expect((Self.object(response.body)["commands"] as? [[String: Any]])?.map { $0["sequence"] as? Int } == [2])
            }
        }
    }

    @Test("With no command, the app's request is answered with none once the wait has passed")
    func emptyAfterTheWait() async throws {
        try await Self.app(commandWait: .milliseconds(50)).test(.router) { client in
            try await client.execute(uri: "/apps/a/commands?after=0", method: .get, headers: Self.bearer) { response in
                #expect(response.status == .ok)
                #expect((Self.object(response.body)["commands"] as? [Any])?.isEmpty == true)
            }
        }
    }
}
