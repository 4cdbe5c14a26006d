import Foundation
import RexCore
import Testing

#if DEBUG
/// A store reached from code that runs under its state lock, through this box.
final class StoreBox: @unchecked Sendable {  // `store` is guarded by `lock`
    private let lock = NSLock()
    private var kept: CounterStore?
    var store: CounterStore? {
        get { lock.withLock { kept } }
        set { lock.withLock { kept = newValue } }
    }
}

/// A view state whose `==` reads the store, as a careless one might.
struct PeekingViewState: Equatable, Sendable {
    static let box = StoreBox()
    var count: Int

    static func == (left: Self, right: Self) -> Bool {
        box.store?.state.count != -1 && left.count == right.count
    }
}

/// Code that runs under the state lock must not use the store: a debug build stops, naming the
/// cause, where the thread would otherwise wait for itself forever. Each case runs in a child
/// process (an exit test), since it stops the program.
@Suite("The state lock's contract, in debug builds")
struct ReduxStoreBaseLockContractTests {
    @Test("Reading the state inside ShouldEmitValue.when stops a debug build")
    func readInsideWhen() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ReduxStoreBaseLockContractTests.exitSuccessfullyIfStillRunning()
            let box = StoreBox()
            let store = CounterStore(
                initialState: CounterState(),
                reducer: counterReducer,
                emitsValue: .when { _, _ in box.store?.state.count == 0 }
            )
            box.store = store
            let token = store.subscribe { _ in }
            store.dispatch(.increment)
            token.cancel()
        }
        #expect(Self.namesTheCause(result))
    }

    @Test("Reading the state inside a projection's state mapping stops a debug build")
    func readInsideProjection() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ReduxStoreBaseLockContractTests.exitSuccessfullyIfStillRunning()
            let box = StoreBox()
            let store = CounterStore(initialState: CounterState(), reducer: counterReducer)
            box.store = store
            let view = store.projection(action: { (action: CounterAction) in action }, state: { state in
                state.count + (box.store?.state.count ?? 0)
            })
            let token = view.subscribe { _ in }
            store.dispatch(.increment)
            token.cancel()
        }
        #expect(Self.namesTheCause(result))
    }

    @Test("Reading the state inside a projection's view state == stops a debug build")
    func readInsideEquality() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ReduxStoreBaseLockContractTests.exitSuccessfullyIfStillRunning()
            let store = CounterStore(initialState: CounterState(), reducer: counterReducer)
            PeekingViewState.box.store = store
            let view = store.projection(action: { (action: CounterAction) in action }, state: { PeekingViewState(count: $0.count) })
            let token = view.subscribe { _ in }
            store.dispatch(.increment)
            token.cancel()
        }
        #expect(Self.namesTheCause(result))
    }

    @Test("Dispatching from a reducer stops a debug build")
    func dispatchInsideReducer() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ReduxStoreBaseLockContractTests.exitSuccessfullyIfStillRunning()
            let box = StoreBox()
            let store = CounterStore(initialState: CounterState(), reducer: .reduce { action, state in
                if action == .increment { box.store?.dispatch(.decrement) }
            })
            box.store = store
            store.dispatch(.increment)
        }
        #expect(Self.namesTheCause(result))
    }

    /// In the child process: exits successfully if it is still running after ten seconds, so
    /// that a deadlock (what a build without the check does) fails the test instead of hanging
    /// it. The wait only guards against a hang; a child that stops as it should never reaches it.
    static func exitSuccessfullyIfStillRunning() {
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 10)
            exit(0)
        }
    }

    /// Whether the child process stopped with the store's message.
    static func namesTheCause(_ result: ExitTest.Result?) -> Bool {
        guard let result else { return false }
        return String(decoding: result.standardErrorContent, as: UTF8.self).contains("Rex: the store was used")
    }
}
#endif
