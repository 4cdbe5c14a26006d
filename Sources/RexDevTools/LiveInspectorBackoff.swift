/// How long a ``LiveInspector`` waits before trying the server again: 0.1 s, doubling with each
/// failure in a row, at most 5 s; back to 0.1 s after a success.
struct LiveInspectorBackoff {
    static let first = Duration.milliseconds(100)
    static let longest = Duration.seconds(5)

    private var delay = first

    /// The wait before the next try, and the one after it doubled.
    mutating func next() -> Duration {
        defer { delay = min(delay * 2, Self.longest) }
        return delay
    }

    /// After a success: the next failure waits the shortest time again.
    mutating func reset() {
        delay = Self.first
    }
}
