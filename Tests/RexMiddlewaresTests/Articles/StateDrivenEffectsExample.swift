// The code of the section "State-driven effects" of the article "Features that come and go"
// (Docs/notes-state-driven-effects.md until the article is written), compiled here and
// exercised below; DocumentationCodeTests checks that the article quotes it as it is.
import RexCore
import RexMiddlewares
import RexTesting
import Testing

struct Login: Equatable, Sendable {
    var user: String
    var token: String
}

struct Download: Equatable, Sendable {
    var url: String
    var received = 0
}

struct MediaState: Equatable, Sendable {
    var login: Login?
    var downloads: [Int: Download] = [:]
    var messages: [String] = []
}

enum MediaAction: Sendable {
    case logIn(Login)
    case logOut
    case received(String)
    case download(Int, url: String)
    case cancelDownload(Int)
    case progressed(Int, bytes: Int)

    var received: String? {
        if case .received(let message) = self { message } else { nil }
    }
}

let mediaReducer = Reducer<MediaAction, MediaState>.reduce { action, state in
    switch action {
    case .logIn(let login): state.login = login
    case .logOut: state.login = nil
    case .received(let message): state.messages.append(message)
    case .download(let id, let url): state.downloads[id] = Download(url: url)
    case .cancelDownload(let id): state.downloads[id] = nil
    case .progressed(let id, let bytes): state.downloads[id]?.received += bytes
    }
}

/// What the effects use: the server (a fake one in tests).
struct MediaServer: Sendable {
    var messages: @Sendable (_ token: String) -> AsyncStream<String>
    var transfer: @Sendable (_ url: String) -> AsyncStream<Int>
}

/// While a user is logged in, the socket is open, with the login's token.
let socket = EffectMiddleware<MediaAction, MediaAction, MediaState, MediaServer>.supervise(\.login?.token) { token in
    .stream { server in server.messages(token).map(MediaAction.received) }
}

/// For each download in the state, its transfer runs.
let transfers = EffectMiddleware<MediaAction, MediaAction, MediaState, MediaServer>.supervise(
    \.downloads,
    each: { downloads in downloads.mapValues(\.url) }
) { id, url in
    .stream { server in server.transfer(url).map { bytes in MediaAction.progressed(id, bytes: bytes) } }
}

let mediaEffects = socket <> transfers

@Suite("Article: state-driven effects")
struct StateDrivenEffectsExampleTests {
    @Test("The socket is open while the user is logged in, and closes when they log out")
    func socketFollowsSession() async {
        let (messages, server) = AsyncStream.makeStream(of: String.self)
        let fake = MediaServer(messages: { _ in messages }, transfer: { _ in AsyncStream { $0.finish() } })
        let store = TestStore(initialState: MediaState(), reducer: mediaReducer, middleware: mediaEffects.inject(fake))
        let ada = Login(user: "ada", token: "t1")
        await store.send(.logIn(ada)) { $0.login = ada }
        server.yield("hello")
        await store.receive(\.received, "hello") { $0.messages = ["hello"] }
        await store.send(.logOut) { $0.login = nil }
        await store.finish()
    }

    @Test("A download's transfer runs while it is in the state, and stops when it leaves")
    func transferFollowsDownload() async {
        let (chunks, server) = AsyncStream.makeStream(of: Int.self)
        let fake = MediaServer(messages: { _ in AsyncStream { $0.finish() } }, transfer: { _ in chunks })
        let store = TestStore(initialState: MediaState(), reducer: mediaReducer, middleware: mediaEffects.inject(fake))
        await store.send(.download(7, url: "https://example.com/a")) { $0.downloads[7] = Download(url: "https://example.com/a") }
        server.yield(512)
        await store.receive({ action -> Int? in
            if case .progressed(7, let bytes) = action { bytes } else { nil }
        }, 512) { $0.downloads[7]?.received = 512 }
        await store.send(.cancelDownload(7)) { $0.downloads[7] = nil }
        await store.finish()
    }
}
