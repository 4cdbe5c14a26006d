// SwiftRex 0.8's way to ask a `ShouldEmitValue` for its answer. The store asks the same question
// after each turn; whatever the answer, the mutation is committed (only notification depends on it).

extension ShouldEmitValue {
    /// Returns whether subscribers would be told of a change from `previous` to `new`.
    @inlinable
    public func shouldEmit(previous: StateType, new: StateType) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .when(let decide): decide(previous, new)
        }
    }

    /// Returns whether subscribers would not be told of a change from `previous` to `new`: the
    /// opposite of ``shouldEmit(previous:new:)``. The change is kept in the state either way.
    @inlinable
    public func shouldRemove(previous: StateType, new: StateType) -> Bool {
        !shouldEmit(previous: previous, new: new)
    }
}
