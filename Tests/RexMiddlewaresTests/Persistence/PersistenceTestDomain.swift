import Foundation
import RexCore
import RexMiddlewares
import RexTesting

/// An app whose `todos` are persisted and whose `counter` is not.
enum PersistenceDomain {
    struct State: Equatable, Sendable {
        var todos: [String] = []
        var counter = 0
        /// The last event the middleware reported, as the reducer saw it.
        var lastEvent: PersistenceEvent<[String]>?
    }

    enum Action: Sendable {
        case add(String)
        case bump
        case load
        case persistence(PersistenceEvent<[String]>)
    }

    static let reducer = Reducer<Action, State>.reduce { action, state in
        if case .persistence(let event) = action { state.lastEvent = event }
        switch action {
        case .add(let title): state.todos.append(title)
        case .bump: state.counter += 1
        case .persistence(.loaded(let todos?)): state.todos = todos
        case .load, .persistence: break
        }
    }

    typealias Middleware = PersistenceMiddleware<Action, State, [String]>
    final class Store: ReduxStoreBase<Action, State>, @unchecked Sendable {}

    /// A persisting app: its middleware, a clock the test advances, and the events it reports,
    /// in order.
    struct App {
        let clock = TestClock()
        let middleware: Middleware
        let events: AsyncStream<PersistenceEvent<[String]>>
        static let debounce = Duration.milliseconds(500)
        static let retryAfter = Duration.seconds(5)

        init(storage: some PersistenceStorage, version: Int = 1, migrations: [PersistenceMigration] = []) {
            let (events, continuation) = AsyncStream.makeStream(of: PersistenceEvent<[String]>.self)
            self.events = events
            middleware = Middleware(
                part: \State.todos,
                storage: storage,
                version: version,
                migrations: migrations,
                debounce: Self.debounce,
                retryAfter: Self.retryAfter,
                clock: clock,
                loadsOn: { if case .load = $0 { true } else { false } },
                report: { event in
                    continuation.yield(event)
                    return .persistence(event)
                }
            )
        }

        /// A store that starts from what the storage holds.
        func restoredStore(_ state: State = State()) -> Store {
            Store(initialState: middleware.restoring(state), reducer: PersistenceDomain.reducer, middleware: middleware)
        }
    }

    /// The first state of `store` (from now) that satisfies `condition`; `nil` if the store goes first.
    static func firstState(of store: Store, where condition: (State) -> Bool) async -> State? {
        for await state in store.states where condition(state) {
            return state
        }
        return nil
    }

    /// The saved todos in `data`, as version `version` writes them.
    static func encoded(_ todos: [String], version: Int = 1) -> Data {
        try! JSONSerialization.data(withJSONObject: ["version": version, "data": todos])
    }

    /// The todos `data` holds, and its version.
    static func decoded(_ data: Data?) -> (version: Int, todos: [String])? {
        guard let data, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let version = object["version"] as? Int, let todos = object["data"] as? [String]
        else { return nil }
        return (version, todos)
    }
}

/// A storage that counts its commits and fails them on demand, around another storage.
final class FaultyStorage<Inner: PersistenceStorage>: PersistenceStorage, @unchecked Sendable {  // `failure` and `commits` are guarded by `lock`
    let inner: Inner
    private let lock = NSLock()
    private var failure: (any Error)?
    private var commitCount = 0

    init(_ inner: Inner) {
        self.inner = inner
    }

    /// Makes every commit throw `error` from now on; `nil` lets them through again.
    func failCommits(with error: (any Error)?) {
        lock.withLock { failure = error }
    }

    /// How many commits went through.
    var commits: Int { lock.withLock { commitCount } }

    func read() throws -> Data? { try inner.read() }
    func stage(_ data: Data) throws -> StagedData { try inner.stage(data) }
    func discard(_ staged: StagedData) { inner.discard(staged) }
    func setAside() throws -> String { try inner.setAside() }

    func commit(_ staged: StagedData) throws {
        if let failure = lock.withLock({ failure }) { throw failure }
        try inner.commit(staged)
        lock.withLock { commitCount += 1 }
    }
}

/// A storage that notes how many writes overlap, around another storage; a blocking one holds
/// each write until the test releases it.
final class WatchedStorage<Inner: PersistenceStorage>: PersistenceStorage, @unchecked Sendable {  // every `var` is guarded by `lock`
    let inner: Inner
    private let lock = NSLock()
    private var inFlight = 0
    private var mostInFlight = 0
    private var started = 0
    private let blocking: Bool
    private let released = DispatchSemaphore(value: 0)
    private let (starts, startContinuation) = AsyncStream.makeStream(of: Void.self)

    init(_ inner: Inner, blocking: Bool = false) {
        self.inner = inner
        self.blocking = blocking
    }

    /// The most writes that were under way at once.
    var mostWritesAtOnce: Int { lock.withLock { mostInFlight } }
    /// How many writes started.
    var writes: Int { lock.withLock { started } }

    /// Returns once a write has started.
    func writeStarted() async {
        var iterator = starts.makeAsyncIterator()
        _ = await iterator.next()
    }

    /// Lets the blocked writes go on.
    func release() {
        released.signal()
    }

    func read() throws -> Data? { try inner.read() }
    func discard(_ staged: StagedData) { inner.discard(staged) }
    func setAside() throws -> String { try inner.setAside() }

    func stage(_ data: Data) throws -> StagedData {
        lock.withLock {
            inFlight += 1
            started += 1
            mostInFlight = max(mostInFlight, inFlight)
        }
        startContinuation.yield()
        if blocking {
            released.wait()
        } else {
            // Long enough for another write to overlap, if anything let it.
            usleep(2_000)
        }
        return try inner.stage(data)
    }

    func commit(_ staged: StagedData) throws {
        defer { lock.withLock { inFlight -= 1 } }
        try inner.commit(staged)
    }
}
