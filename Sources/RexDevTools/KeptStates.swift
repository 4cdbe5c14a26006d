/// The states a ``TurnLog`` keeps, oldest first, each with the number of turns before it: a
/// ring that grows when every slot holds a state still needed, up to a limit, and lets go of its
/// oldest states as the log no longer needs them.
///
/// A state let go of stays in its slot until a new state takes the slot (or the ring grows):
/// the ring holds at most `limit` states, needed or not, and a turn that keeps a state writes one
/// slot, with no `Optional` to test or clear (for a recorder keeping every state, a slot a turn).
///
/// Invariant: `slots.count <= room <= limit`; the `i`-th state (`i < count`) is at slot
/// `(head + i) % room`; while `slots.count < room`, the states needed are the last `count` of
/// `slots` (`head + count == slots.count`); the needed states' turns strictly increase. Debug
/// builds check the first and third after each change (`checkInvariant()`, O(1)), and the last
/// as each state is kept.
@usableFromInline
struct KeptStates<State> {
    /// A kept state: the state after turn `turn - 1` (the initial state has `turn` 0).
    @usableFromInline
    struct Kept {
        @usableFromInline let turn: Int
        @usableFromInline let state: State

        @inlinable
        init(turn: Int, state: State) {
            self.turn = turn
            self.state = state
        }
    }

    /// The slots, made as they are first needed.
    @usableFromInline var slots: ContiguousArray<Kept> = []
    /// The slots the ring has before it grows, and the most it grows to.
    @usableFromInline var room: Int
    @usableFromInline let limit: Int
    /// The slot of the oldest state needed, and how many are needed.
    @usableFromInline var head = 0
    @usableFromInline var count = 0

    /// Room for `room` states, growing (doubling) up to `limit`.
    init(room: Int, limit: Int) {
        precondition(room > 0 && room <= limit, "KeptStates: room \(room) for at most \(limit) states")
        self.room = room
        self.limit = limit
        slots.reserveCapacity(room)
    }

    /// The `index`-th state needed, oldest first.
    @inlinable
    subscript(index: Int) -> Kept {
        precondition(index >= 0 && index < count, "KeptStates: no state \(index) of \(count)")
        return slots[slot(of: index)]
    }

    /// The turn of the `index`-th state needed, oldest first.
    @inlinable
    func turn(at index: Int) -> Int {
        precondition(index >= 0 && index < count, "KeptStates: no state \(index) of \(count)")
        return slots[slot(of: index)].turn
    }

    /// Keeps `state`, the state after turn `turn - 1`, as the newest.
    ///
    /// - Complexity: O(1), amortized over the times the ring grows.
    // Inlinable, so that it runs specialized for the app's state (a recorder keeping every state
    // keeps one a turn).
    @inlinable
    mutating func append(turn: Int, state: State) {
        assert(count == 0 || turn > self.turn(at: count - 1), "KeptStates: turn \(turn) kept after \(self.turn(at: count - 1))")
        if count == room {
            grow()
        }
        let slot = slot(of: count)
        if slot == slots.count {
            slots.append(Kept(turn: turn, state: state))
        } else {
            slots[slot] = Kept(turn: turn, state: state)
        }
        count += 1
        checkInvariant()
    }

    /// Lets go of the oldest states while the one after it is no later than `turn`: the states
    /// needed then start with the newest one at or before `turn`.
    @inlinable
    mutating func dropBefore(turn: Int) {
        while count >= 2, self.turn(at: 1) <= turn {
            head = head + 1 == room ? 0 : head + 1
            count -= 1
        }
        checkInvariant()
    }

    /// The index of the newest state at or before `turn`; `nil` when every state is later.
    ///
    /// - Complexity: O(log *n*) for the *n* states needed.
    func lastIndex(atOrBefore turn: Int) -> Int? {
        var low = 0
        var high = count  // the answer is below `high`, and states below `low` are at or before `turn`
        while low < high {
            let middle = (low + high) / 2
            if self.turn(at: middle) <= turn {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low == 0 ? nil : low - 1
    }

    @inlinable
    func slot(of index: Int) -> Int {
        let slot = head + index
        return slot < room ? slot : slot - room
    }

    /// Doubles the room (up to `limit`), the states needed moved to the arrays' start, in order,
    /// and the others let go of.
    @usableFromInline
    mutating func grow() {
        precondition(room < limit, "KeptStates: more than \(limit) states needed")
        var larger = ContiguousArray<Kept>()
        larger.reserveCapacity(min(room * 2, limit))
        for index in 0..<count {
            larger.append(self[index])
        }
        room = min(room * 2, limit)
        slots = larger
        head = 0
    }

    /// Stops a debug build if the slots and the states needed disagree (see the invariant).
    @inlinable
    func checkInvariant() {
        assert(slots.count <= room && room <= limit, "KeptStates: \(slots.count) slots, room \(room) of \(limit)")
        assert(slots.count == room || head + count == slots.count, "KeptStates: \(count) states needed from slot \(head), not the last of \(slots.count)")
    }
}
