import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``LiveInspectorTransport`` over HTTP with `URLSession` data tasks, as
/// `Docs/LiveInspectorProtocol.md` says: `POST /apps/<session-id>/steps` and a long-polled
/// `GET /apps/<session-id>/commands?after=<n>`, each with the server's token as a bearer token.
public struct URLSessionLiveInspectorTransport: LiveInspectorTransport {
    /// Where the server listens by default: this machine, port 7420.
    public static var defaultServer: URL { URL(string: "http://127.0.0.1:7420")! }

    /// The server's address.
    public let server: URL
    /// The name of this run of the app on the server.
    public let sessionID: String
    /// The token the server printed when it started.
    public let token: String
    /// The session the requests go through.
    public let session: URLSession
    /// How long a request for commands may wait: longer than the server holds it (25 s).
    public let pollTimeout: TimeInterval

    /// A transport to `server` (this machine by default) for the session `sessionID`.
    public init(
        server: URL = Self.defaultServer,
        sessionID: String,
        token: String,
        session: URLSession = .shared,
        pollTimeout: TimeInterval = 30
    ) {
        self.server = server
        self.sessionID = sessionID
        self.token = token
        self.session = session
        self.pollTimeout = pollTimeout
    }

    /// The request that posts `batch`: `POST <server>/apps/<session-id>/steps`, with the token
    /// and the JSON body.
    public func request(sendingBatch batch: Data) -> URLRequest {
        var request = URLRequest(url: url("steps"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = batch
        return request
    }

    /// The request for the commands after `sequence`: `GET <server>/apps/<session-id>/commands?after=<sequence>`,
    /// with the token.
    public func request(forCommandsAfter sequence: Int) -> URLRequest {
        var components = URLComponents(url: url("commands"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "after", value: String(sequence))]
        var request = URLRequest(url: components.url!, timeoutInterval: pollTimeout)
        request.httpMethod = "GET"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    /// Posts the batch; throws ``LiveInspectorTransportError`` unless the server answers 2xx.
    public func send(batch: Data) async throws {
        _ = try await perform(request(sendingBatch: batch))
    }

    /// Asks for the commands after `sequence`; throws ``LiveInspectorTransportError`` unless the
    /// server answers 2xx, and a decoding error for a body that is not a list of commands.
    public func commands(after sequence: Int) async throws -> [LiveInspectorCommand] {
        let body = try await perform(request(forCommandsAfter: sequence))
        return try JSONDecoder().decode(CommandList.self, from: body).commands
    }

    /// The body of the server's answer to the commands request.
    private struct CommandList: Decodable {
        let commands: [LiveInspectorCommand]
    }

    /// `<server>/apps/<session-id>/<leaf>`, the session ID one path component: percent-encoded,
    /// its slashes too (`appendingPathComponent` would keep them, making it two).
    private func url(_ leaf: String) -> URL {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))
        let id = sessionID.addingPercentEncoding(withAllowedCharacters: allowed) ?? sessionID
        var components = URLComponents(url: server, resolvingAgainstBaseURL: false)!
        var base = components.percentEncodedPath
        while base.hasSuffix("/") {
            base.removeLast()
        }
        components.percentEncodedPath = "\(base)/apps/\(id)/\(leaf)"
        return components.url!
    }

    /// Runs the request; returns the body of a 2xx answer.
    private func perform(_ request: URLRequest) async throws -> Data {
        let (body, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw LiveInspectorTransportError.notHTTP }
        guard (200..<300).contains(http.statusCode) else { throw LiveInspectorTransportError.status(http.statusCode) }
        return body
    }
}
