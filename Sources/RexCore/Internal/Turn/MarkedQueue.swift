import Dispatch
import Foundation

/// A dispatch queue marked so that code can tell whether it runs on it: the store's queue for
/// its turns, and the main queue for view models.
@usableFromInline
struct MarkedQueue: Sendable {
    @usableFromInline
    let queue: DispatchQueue
    private let key = DispatchSpecificKey<UInt8>()

    @usableFromInline
    init(_ queue: DispatchQueue) {
        self.queue = queue
        queue.setSpecific(key: key, value: 1)
    }

    /// The main queue, marked once for the whole process.
    static let main = MarkedQueue(.main)

    /// Whether the caller runs on the queue: inside one of its blocks, or, for the main queue,
    /// on the main thread. (On Linux the main actor may run main-queue blocks on another thread
    /// while the main thread waits, so the thread alone does not tell.)
    @usableFromInline
    var isCurrent: Bool {
        if DispatchQueue.getSpecific(key: key) != nil { return true }
        return queue === DispatchQueue.main && Thread.isMainThread
    }

    /// Runs `body` at once when on the queue, otherwise later on it, in order.
    func runOrEnqueue(_ body: @escaping @Sendable () -> Void) {
        if isCurrent {
            body()
        } else {
            queue.async(execute: body)
        }
    }
}
