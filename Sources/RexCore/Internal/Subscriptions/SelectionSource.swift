/// A store that can run selections itself, under its own locks: ``ReduxStoreBase`` and
/// ``StoreProjection``. Projections of these hand their selections down to the root store.
@usableFromInline
protocol SelectionSource<SelectedState>: Sendable {
    associatedtype SelectedState
    /// Registers a selection, offers it the current state and delivers it, atomically with
    /// respect to the store's turns.
    func subscribe(selection: Selection<SelectedState>) -> SubscriptionToken
}

extension StateProvider {
    /// Registers a selection with this store: directly when the store runs selections itself,
    /// otherwise through an ordinary subscription, with a lock of its own around each step.
    @usableFromInline
    func subscribe(selection: Selection<StateType>) -> SubscriptionToken {
        if let source = self as? any SelectionSource<StateType> {
            return source.subscribe(selection: selection)
        }
        let lock = Lock()
        return subscribe { state in
            lock.withLock {
                if selection.offer(state) {
                    selection.deliver()
                }
            }
        }
    }
}
