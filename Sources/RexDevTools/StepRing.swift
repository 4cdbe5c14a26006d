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

    /// Adds a step; when the ring is full, first shows `dropping` the oldest, which it replaces.
    @inlinable
    mutating func append(_ step: Step, dropping: (Step) -> Void) {
        guard storage.count == capacity else {
            storage.append(step)
            return
        }
        dropping(storage[oldest])
        storage[oldest] = step
        oldest = oldest + 1 == capacity ? 0 : oldest + 1
    }

    /// The steps, oldest first.
    ///
    /// - Complexity: O(*n*) for the *n* steps kept.
    var steps: [Step] {
        Array(storage[oldest...] + storage[..<oldest])
    }

    var count: Int { storage.count }
}
