/// Why the server refused a request.
enum LiveInspectorRequestError: Error, Equatable {
    /// The body is not what the endpoint takes; the reason is sent back.
    case badRequest(String)
    /// A session the server does not know.
    case notFound
}
