/// The store's first-in, first-out buffer of actions waiting for their turn.
///
/// An array read from a moving head, emptied (keeping its capacity) whenever it drains, so that
/// a steady flow of actions allocates nothing. When producers never let it drain, the consumed
/// prefix is dropped once it is the larger half, so memory stays proportional to the backlog.
///
/// Invariant: `0 <= head <= items.count`, and `head == 0` whenever `items` is empty.
@usableFromInline
struct ActionQueue<Action> {
    /// An action waiting for its turn, with what its turn must do besides.
    @usableFromInline
    struct Item {
        @usableFromInline
        let dispatchedAction: DispatchedAction<Action>
        /// Called once the action's turn is over; used by `dispatchAndWait`.
        @usableFromInline
        let completion: (@Sendable () -> Void)?
        /// Whether subscribers are told of the state after this turn; `false` for the actions
        /// of a batch but its last (`dispatch(contentsOf:)`).
        @usableFromInline
        let notifies: Bool

        @inlinable
        init(_ dispatchedAction: DispatchedAction<Action>, completion: (@Sendable () -> Void)?, notifies: Bool = true) {
            self.dispatchedAction = dispatchedAction
            self.completion = completion
            self.notifies = notifies
        }
    }

    @usableFromInline
    var items: [Item] = []
    @usableFromInline
    var head = 0

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { head == items.count }

    /// The number of items waiting.
    @inlinable
    var count: Int { items.count - head }

    @inlinable
    mutating func append(_ item: Item) {
        items.append(item)
    }

    /// Appends `newItems`, in order.
    ///
    /// - Complexity: O(*n*), where *n* is the number of new items.
    @inlinable
    mutating func append(contentsOf newItems: some Collection<Item>) {
        items.append(contentsOf: newItems)
    }

    /// Removes and returns the first item; the queue must not be empty.
    @inlinable
    mutating func removeFirst() -> Item {
        let item = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        checkInvariant()
        return item
    }

    /// Stops a debug build whose queue broke its invariant.
    @inlinable
    func checkInvariant() {
        assert(0 <= head && head <= items.count && (!items.isEmpty || head == 0), "ActionQueue: head \(head) outside its \(items.count) items")
    }
}
