import Foundation

/// Calls that wait until the test answers them: a fake's method calls ``call(_:)``, and the
/// test takes each call in order with ``next()`` and answers it when it chooses, so that a test
/// controls exactly when a fake transport returns, with no sleeping.
final class Rendezvous<Request: Sendable, Response: Sendable>: @unchecked Sendable {
    // @unchecked: every `var` is guarded by `lock`.

    /// One call waiting for its answer.
    struct Call: Sendable {
        let id: Int
        let request: Request
    }

    private let lock = NSLock()
    private var nextID = 0
    private var waiting: [Int: CheckedContinuation<Response, any Error>] = [:]
    private var cancelledBeforeWaiting: Set<Int> = []
    private var untaken: [Call] = []
    private var takers: [(id: Int, continuation: CheckedContinuation<Call, any Error>)] = []
    private var takersCancelledBeforeWaiting: Set<Int> = []
    private var cancelled = 0

    /// How many calls ended because their task was cancelled.
    var cancelledCount: Int {
        lock.withLock { cancelled }
    }

    /// Called by the fake: waits for the test's answer; throws `CancellationError` if the task
    /// is cancelled first.
    func call(_ request: Request) async throws -> Response {
        let id: Int = lock.withLock {
            nextID += 1
            return nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Response, any Error>) in
                let handOver: (taker: CheckedContinuation<Call, any Error>, call: Call)? = lock.withLock {
                    if cancelledBeforeWaiting.remove(id) != nil {
                        cancelled += 1
                        continuation.resume(throwing: CancellationError())
                        return nil
                    }
                    waiting[id] = continuation
                    let call = Call(id: id, request: request)
                    guard !takers.isEmpty else {
                        untaken.append(call)
                        return nil
                    }
                    return (takers.removeFirst().continuation, call)
                }
                if let handOver {
                    handOver.taker.resume(returning: handOver.call)
                }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Response, any Error>? = lock.withLock {
                guard let continuation = waiting.removeValue(forKey: id) else {
                    cancelledBeforeWaiting.insert(id)
                    return nil
                }
                cancelled += 1
                return continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// The next call, in the order they came; waits for one. Throws `CancellationError` if the
    /// test's task is cancelled first (its time limit passed), so that a test of a broken
    /// inspector fails instead of waiting for ever.
    func next() async throws -> Call {
        let id: Int = lock.withLock {
            nextID += 1
            return nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Call, any Error>) in
                let call: Call? = lock.withLock {
                    if takersCancelledBeforeWaiting.remove(id) != nil {
                        continuation.resume(throwing: CancellationError())
                        return nil
                    }
                    if untaken.isEmpty {
                        takers.append((id, continuation))
                        return nil
                    }
                    return untaken.removeFirst()
                }
                if let call {
                    continuation.resume(returning: call)
                }
            }
        } onCancel: {
            let taker: CheckedContinuation<Call, any Error>? = lock.withLock {
                guard let index = takers.firstIndex(where: { $0.id == id }) else {
                    takersCancelledBeforeWaiting.insert(id)
                    return nil
                }
                return takers.remove(at: index).continuation
            }
            taker?.resume(throwing: CancellationError())
        }
    }

    /// Returns `response` from `call`.
    func answer(_ call: Call, with response: Response) {
        take(call)?.resume(returning: response)
    }

    /// Makes `call` throw `error`.
    func fail(_ call: Call, with error: any Error = URLError(.cannotConnectToHost)) {
        take(call)?.resume(throwing: error)
    }

    private func take(_ call: Call) -> CheckedContinuation<Response, any Error>? {
        lock.withLock { waiting.removeValue(forKey: call.id) }
    }
}
