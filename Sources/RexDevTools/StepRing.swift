/// The last `capacity` steps, oldest first, in memory that does not grow: a new step replaces
/// the oldest once the ring is full.
@usableFromInline
struct StepRing<Step> {
    @usableFromInline let capacity: Int
    @usableFromInline var storage: [Step] = []
    /// Where the oldest step is, once the ring is full.
    @usableFromInline var oldest = 0

    @usableFromInline
    init(capacity: Int) {
        precondition(capacity > 0, "a recorder keeps at least one step")
        self.capacity = capacity
        storage.reserveCapacity(capacity)
    }

    /// Adds a step, moved in; when the ring is full, it takes the place of the oldest, which goes.
    @inlinable
    mutating func append(_ step: consuming Step) {
        guard storage.count == capacity else {
            storage.append(step)
            return
        }
        // Exchanged, not copied: a step holds a state, an action and a source, and copying one
        // (retaining what they hold) cost more than the rest of the recorder's turn.
        _ = exchange(&storage[oldest], with: step)
        oldest = oldest + 1 == capacity ? 0 : oldest + 1
    }

    /// Whether the ring holds `capacity` steps.
    @inlinable
    var isFull: Bool { storage.count == capacity }

    /// The steps, oldest first.
    ///
    /// - Complexity: O(*n*) for the *n* steps kept.
    var steps: [Step] {
        Array(storage[oldest...] + storage[..<oldest])
    }

    var count: Int { storage.count }
}
