extension StoreType {
    /// Returns a projection of one element of an ``IdentifiedArray`` in this store's state: a
    /// row of a list, with its own view state and view actions; `nil` when no element has `id`.
    ///
    /// The row's view actions reach this store as ``ElementIDAction``s of the row's id, mapped by
    /// `action`; its view state is its element mapped by `state`, and its subscribers are called
    /// only when that changes.
    ///
    /// ```swift
    /// let row = store.rowProjection(
    ///     id: todo.id,
    ///     in: \AppState.todos,
    ///     action: AppAction.todo,
    ///     state: { (todo: Todo) in TodoRow(title: todo.title, done: todo.done) }
    /// )
    /// row?.dispatch(.toggle)
    /// ```
    ///
    /// A store keeps its row projections by id: when one element changes, it compares that
    /// element's rows only, however many rows there are (see <doc:LargeLists>).
    ///
    /// When its element is removed, a row projection keeps its last view state: ``StoreProjection/state``
    /// gives the last one it read or notified, its subscribers are not called, and its actions
    /// still reach the store (a reducer lifted by id skips an id that is not there). When an
    /// element with its id is added again, the row follows it.
    ///
    /// - Parameters:
    ///   - id: The id of the row's element.
    ///   - collection: The identified array in this store's state, as a key path literal.
    ///   - action: Maps a row action, with the row's id, to this store's action; `nil` drops it.
    ///   - state: Maps the element to the row's view state; a pure function, run under the
    ///     store's state lock (it must not read the store, dispatch or subscribe).
    /// - Complexity: Per notification, O(1) for each element that changed, on a store
    ///   (``ReduxStoreBase``); on a projection, each row of it is compared with every state.
    @inlinable @inline(__always)  // into the caller, where `collection` is a literal the optimizer can fold
    public func rowProjection<ID: Hashable & Sendable, Element, RowAction, RowState: Equatable & Sendable>(
        id: ID,
        in collection: KeyPath<StateType, IdentifiedArray<ID, Element>> & Sendable,
        action: @escaping @Sendable (ElementIDAction<ID, RowAction>) -> ActionType?,
        state: @escaping @Sendable (Element) -> RowState
    ) -> StoreProjection<RowAction, RowState>? {
        let elements = KeyPathReader(collection)
        guard let element = elements(self.state)[id: id] else { return nil }
        let lastKnown = LastRowState(state(element))
        return StoreProjection(
            dispatch: { rowAction in
                if let storeAction = rowAction.compactMap({ action(ElementIDAction(id: id, action: $0)) }) {
                    self.dispatch(storeAction)
                }
            },
            state: {
                guard let element = elements(self.state)[id: id] else { return lastKnown.value }
                let rowState = state(element)
                lastKnown.value = rowState
                return rowState
            },
            subscribeSelection: { selection in
                self.subscribe(
                    selection: .row(
                        id, in: collection, collection: elements, transform: state,
                        fallback: { lastKnown.value },
                        keepLast: { lastKnown.value = $0 },
                        passOn: selection.offer,
                        deliver: selection.deliver
                    )
                )
            }
        )
    }
}
