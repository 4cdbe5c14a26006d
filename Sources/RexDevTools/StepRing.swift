/// The last `capacity` steps, oldest first, in memory that does not grow: a new step replaces
/// the oldest once the ring is full.
struct StepRing<Step> {
    let capacity: Int
    private var storage: [Step] = []
    /// Where the oldest step is, once the ring is full.
    private var oldest = 0

    init(capacity: Int) {
        precondition(capacity > 0, "a recorder keeps at least one step")
        self.capacity = capacity
        storage.reserveCapacity(capacity)
    }

    /// Adds a step; returns the one it replaced, when the ring was full.
    mutating func append(_ step: Step) -> Step? {
        guard storage.count == capacity else {
            storage.append(step)
            return nil
        }
        let replaced = storage[oldest]
        storage[oldest] = step
        oldest = (oldest + 1) % capacity
        return replaced
    }

    /// The steps, oldest first.
    ///
    /// - Complexity: O(*n*) for the *n* steps kept.
    var steps: [Step] {
        Array(storage[oldest...] + storage[..<oldest])
    }

    var count: Int { storage.count }

    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        oldest = 0
    }
}
