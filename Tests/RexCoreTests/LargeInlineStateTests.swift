import Foundation
import RexCore
import RexTestSupport
import Testing

/// A state of 1 MiB stored inline, not behind a heap buffer as an array's elements are.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
struct LargeInlineState: Sendable {
    var values = InlineArray<131_072, Int>(repeating: 0)
}

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
final class LargeInlineStore: ReduxStoreBase<Int, LargeInlineState>, @unchecked Sendable {}

/// Runs `work` on a thread of its own with a stack of `stackSize` bytes, and waits for it.
func onThread(stackSize: Int, _ work: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        work()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
}

@Suite("A large state stored inline")
struct LargeInlineStateTests {
    static var hasInlineArray: Bool {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) { return true }
        return false
    }

    /// A middleware that looks at every action and has nothing to do.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    struct Inspecting: MiddlewareProtocol {
        func handle(action: Int, from dispatcher: ActionSource, state: @escaping GetState<LargeInlineState>) -> IO<Int> {
            action < 0 ? IO { _ in } : .pure()
        }
    }

    // Subscriptions and projections on a 512 KiB thread are also checked in an optimized build
    // by the benchmarks' W11, which CI runs (Benchmarks/check-instructions.sh).
    @Test(
        "Turns of a 1 MiB inline state, with a middleware, run on a thread with a 512 KiB stack",
        .enabled(if: hasInlineArray)
    )
    func smallStack() async {
        // In a child process: a turn that copied the state onto the stack would crash it.
        await #expect(processExitsWith: .success) {
            guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
            let store = Self.counterStore()
            onThread(stackSize: 512 * 1024) {
                for index in 0..<1_000 {
                    store.dispatch(index % 8)
                }
            }
            let counted = Recorder<Int>()
            for index in 0..<8 { counted.record(store.state.values[index]) }
            precondition(counted.values == [Int](repeating: 125, count: 8), "the turns did not all run")
        }
    }

    /// A store of a 1 MiB inline state whose actions add one to one of its values, with a
    /// middleware that reads the state.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    static func counterStore() -> LargeInlineStore {
        LargeInlineStore(
            initialState: LargeInlineState(),
            reducer: .reduce { index, state in state.values[index] += 1 },
            middleware: Inspecting()
        )
    }

    /// A view state that is not `Equatable`: its projection is offered every state on its own,
    /// not in a de-duplicating group.
    struct Counted: Sendable {
        var value: Int
    }

    @Test(
        "Turns of a 1 MiB inline state with two subscribed projections run on a thread with a 512 KiB stack",
        .enabled(if: hasInlineArray)
    )
    func smallStackWithProjections() async {
        // In a child process: a turn that copied the state onto the stack would crash it. The
        // projections map the state by its first value; neither copies the state.
        await #expect(processExitsWith: .success) {
            guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
            let store = Self.counterStore()
            let first = Recorder<Int>()
            let counted = Recorder<Int>()
            let tokens = Recorder<SubscriptionToken>()
            onThread(stackSize: 512 * 1024) {
                let firstValue = store.projection(action: { (index: Int) in index }, state: { $0.values[0] })
                let anyValue = store.projection(action: { (index: Int) in index }, state: { Counted(value: $0.values[1]) })
                tokens.record(firstValue.subscribe { first.record($0) })
                tokens.record(anyValue.subscribe { counted.record($0.value) })
                for index in 0..<16 {
                    store.dispatch(index % 2)
                }
            }
            precondition(first.values == Array(0...8), "the first projection saw \(first.values)")
            precondition(counted.values == [0] + [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8], "the second projection saw \(counted.values)")
            precondition(tokens.values.count == 2, "the subscriptions were not made")
        }
    }
}
