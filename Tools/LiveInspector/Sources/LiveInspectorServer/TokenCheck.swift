import Hummingbird

/// Refuses, with `401 Unauthorized`, a request that does not carry the server's token: as
/// `Authorization: Bearer <token>` (the app) or `?token=<token>` (the page, opened from the link
/// the server prints).
struct TokenCheck<Context: RequestContext>: RouterMiddleware {
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let bearer = request.headers[.authorization].map { $0 == "Bearer \(token)" } ?? false
        let query = request.uri.queryParameters.get("token").map { String($0) == token } ?? false
        guard bearer || query else {
            throw HTTPError(.unauthorized, message: "This request needs the token the live inspector printed when it started.")
        }
        return try await next(request, context)
    }
}
