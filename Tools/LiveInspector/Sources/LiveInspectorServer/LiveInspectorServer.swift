import Foundation
import Hummingbird
import RexDevTools

/// The live inspector's server: the app's endpoints of Docs/LiveInspectorProtocol.md, and the
/// page's (the page itself, the sessions, a session's steps, a command for it), each refused
/// without the token.
public enum LiveInspectorServer {
    /// The most bytes a request's body may have.
    public static let bodyLimit = 8 << 20

    /// The router of a server that accepts `token`, with what it holds in `sessions`.
    static func router(token: String, sessions: InspectedSessions, commandWait: Duration) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: TokenCheck(token: token))
        router.get("/") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/html; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: InspectorPage.liveHTML()))
            )
        }
        router.post("/apps/:session/steps") { request, context -> HTTPResponse.Status in
            let id = try context.parameters.require("session")
            let body = try await request.body.collect(upTo: bodyLimit)
            try await answer { try await sessions.receive(batch: Data(buffer: body), from: id) }
            return .noContent
        }
        router.get("/apps/:session/commands") { request, context -> Response in
            let id = try context.parameters.require("session")
            let after = request.uri.queryParameters.get("after", as: Int.self) ?? 0
            return json(await sessions.commands(of: id, after: after, waitingUpTo: commandWait))
        }
        router.get("/page/sessions") { _, _ in
            json(await sessions.list())
        }
        router.get("/page/sessions/:session/steps") { request, context -> Response in
            let id = try context.parameters.require("session")
            let after = request.uri.queryParameters.get("after", as: Int.self) ?? -1
            guard let steps = await sessions.steps(of: id, after: after) else { throw HTTPError(.notFound) }
            return json(steps)
        }
        router.post("/page/sessions/:session/commands") { request, context -> Response in
            let id = try context.parameters.require("session")
            let body = try await request.body.collect(upTo: bodyLimit)
            let sequence = try await answer { try await sessions.addCommand(Data(buffer: body), for: id) }
            return json(Data(#"{"sequence":\#(sequence)}"#.utf8))
        }
        return router
    }

    /// The application: the router on `host` and `port`.
    public static func application(
        token: String,
        host: String = "127.0.0.1",
        port: Int = 7420,
        commandWait: Duration = .seconds(25)
    ) -> some ApplicationProtocol {
        Application(
            router: router(token: token, sessions: InspectedSessions(), commandWait: commandWait),
            configuration: .init(address: .hostname(host, port: port), serverName: "rex-live-inspector")
        )
    }

    /// A token no one can guess: 32 random bytes, in hexadecimal.
    public static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    private static func json(_ data: Data) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Runs `body`, answering its request errors with their HTTP status.
    private static func answer<Result>(_ body: () async throws -> Result) async throws -> Result {
        do {
            return try await body()
        } catch let error as LiveInspectorRequestError {
            switch error {
            case .badRequest(let reason): throw HTTPError(.badRequest, message: reason)
            case .notFound: throw HTTPError(.notFound)
            }
        }
    }
}
