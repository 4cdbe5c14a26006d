import RexCore

/// The steps a ``LiveInspector`` has not sent yet: a ring of at most `capacity` turns. A turn
/// that comes when it is full pushes out the oldest, which is counted as dropped, so that the
/// next batch can say how many the page will never see.
///
/// A value: the inspector keeps it under its lock.
struct LiveInspectorBuffer<Action: Sendable, State: Sendable> {
    /// One turn as the middleware saw it: its times are the counter's ticks, made dates when sent.
    struct Turn {
        let index: Int
        let action: Action
        let source: ActionSource
        let start: UInt64
        let end: UInt64
        let state: State
    }

    /// The most turns kept.
    let capacity: Int
    private var slots: [Turn?]
    /// Where the oldest turn is.
    private var head = 0
    /// How many turns are kept.
    private(set) var count = 0
    /// How many turns were pushed out since the last ``take(upTo:)``.
    private(set) var dropped = 0

    /// An empty buffer of `capacity` turns (at least one).
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        slots = Array(repeating: nil, count: self.capacity)
    }

    /// Keeps `turn`; when full, drops the oldest first.
    mutating func append(_ turn: Turn) {
        if count == capacity {
            slots[head] = turn
            head = (head + 1) % capacity
            dropped += 1
        } else {
            slots[(head + count) % capacity] = turn
            count += 1
        }
    }

    /// Removes and returns the `limit` oldest turns (or all), and the count dropped before
    /// them, which starts again from zero.
    ///
    /// - Complexity: O(*k*) for the *k* turns returned.
    mutating func take(upTo limit: Int) -> (turns: [Turn], dropped: Int) {
        let taken = min(limit, count)
        var turns: [Turn] = []
        turns.reserveCapacity(taken)
        for _ in 0..<taken {
            turns.append(slots[head]!)
            slots[head] = nil
            head = (head + 1) % capacity
        }
        count -= taken
        defer { dropped = 0 }
        return (turns, dropped)
    }
}
