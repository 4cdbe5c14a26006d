import RexCore
import RexMiddlewares
import RexTesting

/// Downloads that come and go in the state; each runs a transfer while it is there.
enum TransferAction: Equatable, Sendable {
    case add(Int, String)
    case retarget(Int, String)
    case remove(Int)
    case clear
    case bump
    case progressed(Int, String)
    case login(String)
    case logout
}

struct TransferState: Equatable, Sendable {
    var downloads: [Int: String] = [:]
    var session: String?
    var bumps = 0
    var progress: [String] = []
}

let transferReducer = Reducer<TransferAction, TransferState>.reduce { action, state in
    switch action {
    case .add(let id, let url), .retarget(let id, let url): state.downloads[id] = url
    case .remove(let id): state.downloads[id] = nil
    case .clear: state.downloads = [:]
    case .bump: state.bumps += 1
    case .progressed(let id, let url): state.progress.append("\(id) \(url)")
    case .login(let token): state.session = token
    case .logout: state.session = nil
    }
}

struct TransferDependencies: Sendable {
    let clock: TestClock
    let events: EventLog
}

typealias TransferEffects = EffectMiddleware<TransferAction, TransferAction, TransferState, TransferDependencies>
typealias TransferEffect = Effect<TransferDependencies, TransferAction>

/// What effects report as they start and end, to be awaited in order: a test waits for the
/// events a behaviour makes, never for time to pass.
final class EventLog: Sendable {
    private let stream: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let reader: Reader

    /// The stream's iterator, used by one test task at a time.
    private final class Reader: @unchecked Sendable {  // `iterator` is used only by the test's task, one call at a time
        var iterator: AsyncStream<String>.Iterator
        init(_ iterator: AsyncStream<String>.Iterator) { self.iterator = iterator }
    }

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: String.self)
        reader = Reader(stream.makeAsyncIterator())
    }

    func record(_ event: String) {
        continuation.yield(event)
    }

    /// The next `count` events, in the order they were recorded.
    func next(_ count: Int) async -> [String] {
        var events: [String] = []
        while events.count < count, let event = await reader.iterator.next() {
            events.append(event)
        }
        return events
    }
}

/// A transfer: reports `start id url`, then sends `progressed` each second on the clock until it
/// is cancelled, which it reports as `cancel id url` after checking that its task is cancelled.
func transfer(id: Int, url: String) -> TransferEffect {
    .run { context in
        let events = context.dependencies.events
        events.record("start \(id) \(url)")
        while true {
            do {
                try await context.dependencies.clock.sleep(for: .seconds(1))
            } catch {
                events.record(Task.isCancelled ? "cancel \(id) \(url)" : "failed \(id) \(url)")
                return
            }
            context.send(.progressed(id, url))
        }
    }
}
