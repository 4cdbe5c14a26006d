import Foundation
import RexCore
import RexTesting
import Testing

/// Keeps every state getter it is handed, as an effect that outlives its test would.
struct GetterKeeper: MiddlewareProtocol {
    let kept: Kept

    final class Kept: @unchecked Sendable {  // `getters` is guarded by `lock`
        private let lock = NSLock()
        private var getters: [GetState<Int>] = []
        func keep(_ getter: @escaping GetState<Int>) { lock.withLock { getters.append(getter) } }
        var first: GetState<Int>? { lock.withLock { getters.first } }
    }

    func handle(action: Int, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<Int> {
        kept.keep(state)
        return .pure()
    }
}

@Suite("TestStore lifetime and threads")
struct TestStoreLifetimeTests {
    static let adding = Reducer<Int, Int>.reduce { action, state in state += action }

    @Test("A state getter kept past its test store gives the store's last state instead of crashing")
    func getterOutlivesTheStore() async {
        let kept = GetterKeeper.Kept()
        var store: TestStore<Int, Int>? = TestStore(initialState: 1, reducer: Self.adding, middleware: GetterKeeper(kept: kept))
        await store?.send(2) { $0 = 3 }
        #expect(kept.first?() == 3)
        await store?.send(4) { $0 = 7 }
        #expect(kept.first?() == 7)
        weak let released = store
        store = nil
        #expect(released == nil)
        #expect(kept.first?() == 7)
    }

    @Test("exhaustivity may be changed on one thread while another sends (the thread sanitizer checks this)")
    func exhaustivityAcrossThreads() async {
        let store = TestStore(initialState: 0, reducer: Self.adding, exhaustivity: .off)
        // A thread of its own, not a task: tasks may take turns on one thread of the pool, and
        // the thread sanitizer then sees their accesses ordered. The writer says when it starts,
        // and every write after that is unordered with the sends below.
        let (writerDone, finishWriter) = AsyncStream<Void>.makeStream()
        await withCheckedContinuation { (started: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                started.resume()
                for index in 0..<2_000 { store.exhaustivity = index.isMultiple(of: 2) ? .on : .off }
                finishWriter.finish()
            }
        }
        for _ in 0..<200 { await store.send(1) { $0 += 1 } }
        for await _ in writerDone {}
        #expect(store.state == 200)
    }
}
