import Foundation
import RexCore

/// W11: a state of 1 MiB stored inline (an `InlineArray`, not an array's heap buffer); the
/// reducer changes one element; a middleware and a de-duplicating projection present. Its turns
/// run on a thread with a 512 KiB stack: a turn that copied the state onto the stack would crash
/// the run, and a turn that copied it at all would cost about a thousand times W1's.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
public final class LargeInlineStateWorkload: @unchecked Sendable {  // `next` is used on one thread at a time, in `run`
    public struct State: Sendable {
        public var values = InlineArray<131_072, Int>(repeating: 0)
    }

    /// Looks at every action and has nothing to do.
    struct Inspecting: MiddlewareProtocol {
        func handle(action: Int, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Int> {
            action < 0 ? IO { _ in } : .pure()
        }
    }

    let store: ReduxStoreBase<Int, State>
    let worker = SmallStackThread(stackSize: 512 * 1024)
    let callbacks = CallbackCounter()
    var subscription: SubscriptionToken?
    var next = 0

    public init() {
        store = ReduxStoreBase(
            initialState: State(),
            reducer: .reduce { index, state in state.values[index] += 1 },
            middleware: Inspecting()
        )
        let callbacks = callbacks
        let store = store
        worker.run {
            self.subscription = store.projection(action: { (index: Int) in index }, state: { $0.values[0] })
                .subscribe { _ in callbacks.count += 1 }
        }
    }

    /// Dispatches `actions` actions, each adding one to one of the first eight values, on the
    /// small-stack thread; checks the projection was told of each change of the first one.
    public func run(actions: Int) {
        let store = store
        let first = next
        let firstValueChanges = (0..<actions).filter { (first + $0) % 8 == 0 }.count
        let callbacksBefore = callbacks.count
        worker.run {
            var index = first
            for _ in 0..<actions {
                store.dispatch(index)
                index = index == 7 ? 0 : index + 1
            }
        }
        next = (first + actions) % 8
        check(callbacks.count - callbacksBefore == firstValueChanges, "W11", "\(callbacks.count - callbacksBefore) callbacks, expected \(firstValueChanges)")
    }
}

/// A thread with a stack of a given size that runs the work it is given, one piece at a time.
final class SmallStackThread: @unchecked Sendable {  // `work` is handed over through the two semaphores
    private var work: (@Sendable () -> Void)?
    private let ready = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    init(stackSize: Int) {
        let thread = Thread { [unowned self] in
            while true {
                ready.wait()
                work?()
                done.signal()
            }
        }
        thread.stackSize = stackSize
        thread.start()
    }

    /// Runs `work` on the thread and returns once it has.
    func run(_ work: @escaping @Sendable () -> Void) {
        self.work = work
        ready.signal()
        done.wait()
    }
}
