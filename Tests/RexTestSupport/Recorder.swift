import Foundation
import RexCore

/// Records what tests see, from any thread, in order.
public final class Recorder<Value: Sendable>: @unchecked Sendable {  // `recorded` is guarded by `lock`
    private let lock = NSLock()
    private var recorded: [Value] = []

    /// Creates an empty recorder.
    public init() {}

    /// Appends one value.
    public func record(_ value: Value) {
        lock.withLock { recorded.append(value) }
    }

    /// Everything recorded so far, in order.
    public var values: [Value] {
        lock.withLock { recorded }
    }
}

extension Recorder {
    /// An output handler that records the actions dispatched to it.
    public var output: AnyActionHandler<Value> {
        AnyActionHandler { [self] dispatched in record(dispatched.action) }
    }
}

extension Recorder where Value == String {
    /// Everything recorded so far, joined: the text a custom log destination received.
    public var text: String {
        values.joined()
    }
}
