import Foundation
import RexCore
import RexMiddlewares
import RexTestSupport
import Testing

/// What a logger's field diff walks, and what it holds: the parts an action changed, not the
/// whole state; a bounded backlog, not every state it was given.
@Suite("LoggerMiddleware: cost")
struct LoggerCostTests {
    /// Counts how many times values of `Counted` are reflected, which the diff does for each
    /// value it walks.
    final class Reflections: @unchecked Sendable {  // `count` is guarded by `lock`
        let lock = NSLock()
        var count = 0
        func add() { lock.withLock { count += 1 } }
        var total: Int { lock.withLock { count } }
    }

    /// An element that is not `Equatable`, and that counts its reflections.
    struct Counted: Identifiable, Sendable, CustomReflectable {
        static let reflections = Reflections()
        let id: Int
        var done = false

        var customMirror: Mirror {
            Self.reflections.add()
            return Mirror(self, children: ["id": id, "done": done])
        }
    }

    struct State: Sendable {
        var list: IdentifiedArrayOf<Counted>
        var archive: [Counted]
        var count = 0
    }

    enum Action: Sendable {
        case toggle(Int)
        case increment
    }

    @Test("A field diff of a large state walks what the action changed: one chunk of the identified array, none of an unchanged array")
    func diffWalksWhatChanged() async throws {
        // On a thread of its own: the first diff walks every element (see below), slow under
        // the thread sanitizer, and `flush` waits for it.
        let (walked, text) = try await onOwnThread { Self.logTwoActions() }
        #expect(walked <= 2 * 2 * 16, "the diff reflected \(walked) elements for two actions")
        #expect(text.contains(".list[4321].done: false → true"))
        #expect(text.contains(".count: 0 → 1"))
    }

    /// Logs a toggle and an increment on a state of 5,000 elements, after a first toggle; returns
    /// how many elements the diffs of the two reflected, and the log.
    static func logTwoActions() -> (walked: Int, text: String) {
        let text = Recorder<String>()
        let logger = LoggerMiddleware<Action, Action, State>(destination: .custom { text.record($0) })
        let store = ReduxStoreBase(
            initialState: State(
                list: IdentifiedArray(uniqueElements: (0..<5_000).map { Counted(id: $0) }),
                archive: (0..<5_000).map { Counted(id: $0) }
            ),
            reducer: .reduce { action, state in
                switch action {
                case .toggle(let id): state.list[id: id]?.done.toggle()
                case .increment: state.count += 1
                }
            },
            middleware: logger
        )
        store.dispatch(.toggle(1))  // the first change after a kept copy moves the list into chunks
        logger.flush()
        let before = Counted.reflections.total
        store.dispatch(.toggle(4_321))
        store.dispatch(.increment)
        logger.flush()
        return (Counted.reflections.total - before, text.text)
    }

    @Test("A logger that falls behind drops entries past its backlog and says how many, in place")
    func boundedBacklog() {
        let text = Recorder<String>()
        let release = DispatchSemaphore(value: 0)
        let first = Recorder<Bool>()
        let logger = LoggerMiddleware<Action, Action, State>(
            actionFormat: .name,
            stateChange: .custom { _, _ in nil },
            destination: .custom { entry in
                if first.values.isEmpty {
                    first.record(true)
                    release.wait()  // the writer is stuck on the first entry
                }
                text.record(entry)
            },
            maximumBacklog: 10
        )
        let store = ReduxStoreBase(
            initialState: State(list: [], archive: []),
            reducer: .reduce { _, state in state.count += 1 },
            middleware: logger
        )
        for _ in 0..<25 {
            store.dispatch(.increment)
        }
        release.signal()
        logger.flush()
        store.dispatch(.increment)
        logger.flush()
        let lines = text.text.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("action increment") }.count == 11)
        #expect(lines.contains("… 15 log entries dropped: the logger fell behind (more than its maximumBacklog waited to be written)"))
    }
}

/// What `flush()` waits for while other threads go on logging.
@Suite("LoggerMiddleware: flush under load")
struct LoggerFlushTests {
    /// A flag that one thread sets and another reads.
    final class Flag: @unchecked Sendable {  // `isSet` is guarded by `lock`
        private let lock = NSLock()
        private var isSet = false
        func set() { lock.withLock { isSet = true } }
        var value: Bool { lock.withLock { isSet } }
    }

    @Test("flush() returns while another thread goes on logging faster than the logger writes")
    func flushUnderSustainedLogging() {
        let logger = LoggerMiddleware<Int, Int, Int>(
            actionFormat: .custom { _ in
                usleep(200)  // a slow format: the logger falls behind the thread below
                return "add"
            },
            stateChange: .custom { _, _ in nil },
            destination: .custom { _ in },
            maximumBacklog: 50
        )
        let store = ReduxStoreBase(initialState: 0, reducer: .reduce { (amount: Int, count: inout Int) in count += amount }, middleware: logger)
        let stop = Flag()
        let (behind, producerDone) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        Thread {
            var dispatched = 0
            while !stop.value {
                store.dispatch(1)
                dispatched += 1
                if dispatched == 200 { behind.signal() }  // past the backlog: the logger is behind
            }
            producerDone.signal()
        }.start()
        behind.wait()
        let flushed = DispatchSemaphore(value: 0)
        Thread {
            logger.flush()
            flushed.signal()
        }.start()
        // A deadline far past the 50 entries' 10 ms: a flush that waits for every entry logged
        // after it too never returns while the other thread logs.
        let returned = flushed.wait(timeout: .now() + 20) == .success
        stop.set()
        producerDone.wait()
        if !returned { flushed.wait() }
        #expect(returned, "flush() did not return while another thread went on logging")
    }
}

extension LoggerFlushTests {
    @Test("Entries logged from several threads at once are all written, each thread's in order, with flushes in between")
    func manyThreadsLogging() {
        let (threads, actions) = (4, 2_000)
        let text = Recorder<String>()
        let logger = LoggerMiddleware<Int, Int, Int>(
            actionFormat: .custom { String($0) },
            stateChange: .custom { _, _ in nil },
            destination: .custom { text.record($0) },
            maximumBacklog: threads * actions
        )
        let store = ReduxStoreBase(initialState: 0, reducer: .reduce { (_: Int, count: inout Int) in count += 1 }, middleware: logger)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for action in 0..<actions {
                // Thread `t`'s actions are t, t + threads, t + 2 × threads, …: its own, in order.
                store.dispatch(thread + action * threads)
                if action % 500 == 0 { logger.flush() }
            }
        }
        logger.flush()
        let logged = text.values.compactMap { Int($0.dropFirst("action ".count).prefix { $0 != " " }) }
        #expect(logged.count == threads * actions)
        for thread in 0..<threads {
            let own = logged.filter { $0 % threads == thread }
            #expect(own == Array(stride(from: thread, to: threads * actions, by: threads)), "thread \(thread)'s entries")
        }
    }
}

/// A value whose `==` compares its id only, as some apps' models do.
struct IDEquatable: Equatable, Sendable {
    let id: Int
    var name: String

    static func == (lhs: IDEquatable, rhs: IDEquatable) -> Bool { lhs.id == rhs.id }
}

@Suite("Field diff")
struct FieldDiffEqualityTests {
    struct Holder: Sendable {
        var item: IDEquatable
    }

    @Test("A change in a field that the type's == leaves out is still shown")
    func changeHiddenByEquality() {
        let before = Holder(item: IDEquatable(id: 1, name: "Milk"))
        let after = Holder(item: IDEquatable(id: 1, name: "Oat milk"))
        #expect(diffFields(before, after, hiding: []) == [#".item.name: Milk → Oat milk"#])
    }
}
