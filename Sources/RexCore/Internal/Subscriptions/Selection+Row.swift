extension Selection {
    /// A selection of one element of an identified array in the state, mapped to a row's value
    /// and passed on to `passOn` when it differs from the last one passed on.
    ///
    /// A store runs it in its group of rows of that array (see ``RowGroup``), so that a change
    /// of one element compares the rows of that element only; `offer` serves everything else.
    /// While the element is gone, nothing is passed on, and the last value passed on is handed
    /// to `keepLast` (the row's state while its element is gone); at the first offer, a gone
    /// element's row passes on `fallback()`, so that a new subscriber is called at once, as
    /// always. Values that are passed on are not handed to `keepLast`: that would touch one more
    /// object of every changed row, and only a gone element needs it.
    @inlinable
    static func row<ID: Hashable & Sendable, Element, Value: Equatable & Sendable>(
        _ id: ID,
        in path: KeyPath<Input, IdentifiedArray<ID, Element>> & Sendable,
        collection: KeyPathReader<Input, IdentifiedArray<ID, Element>>,
        transform: @escaping @Sendable (Element) -> Value,
        fallback: @escaping @Sendable () -> Value,
        keepLast: @escaping @Sendable (Value) -> Void,
        passOn: @escaping @Sendable (Value) -> Bool,
        deliver: @escaping @Sendable () -> Void
    ) -> Selection {
        let last = SelectionBox<Value>()
        return Selection(
            offer: { state in
                let value: Value
                if let element = collection(state)[id: id] {
                    value = transform(element)
                } else if let lastValue = last.value {
                    keepLast(lastValue)
                    return false
                } else {
                    value = fallback()
                }
                if let previous = last.value, previous == value { return false }
                last.value = value
                return passOn(value)
            },
            deliver: deliver,
            groupMember: SelectionGroupMember(
                rowOf: id, in: path, collection: collection, transform: transform, fallback: fallback,
                keepLast: keepLast, passOn: passOn
            )
        )
    }
}
