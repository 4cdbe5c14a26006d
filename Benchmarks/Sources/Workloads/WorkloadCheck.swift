/// Stops the benchmark with a message when a workload computed a wrong result, so that a fast
/// wrong answer never counts.
@inline(never)
func check(_ condition: Bool, _ workload: String, _ message: @autoclosure () -> String) {
    if !condition {
        fatalError("\(workload) computed a wrong result: \(message())")
    }
}

/// A counter touched only by the thread that runs the store's turns (a benchmark is
/// single-threaded where it uses this), so it needs no lock; the lock would be measured too.
final class CallbackCounter: @unchecked Sendable {
    var count = 0
}
