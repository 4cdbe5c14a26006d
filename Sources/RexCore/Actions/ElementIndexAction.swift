/// An action meant for one element of a collection, found by its index.
///
/// Used with `liftToCollection` on reducers and middlewares. An index outside the collection
/// makes the lifted reducer or middleware skip the action.
///
/// The type itself asks nothing of `Index` (the lifts ask for `Comparable`), for the reason
/// ``ElementIDAction`` gives.
public struct ElementIndexAction<Index, Action> {
    /// The position of the element the action is for.
    public let index: Index
    /// The action for that element.
    public let action: Action

    /// Creates an action for the element at the given index.
    @inlinable
    public init(index: Index, action: Action) {
        self.index = index
        self.action = action
    }
}

extension ElementIndexAction: Sendable where Index: Sendable, Action: Sendable {}
extension ElementIndexAction: Equatable where Index: Equatable, Action: Equatable {}
extension ElementIndexAction: Hashable where Index: Hashable, Action: Hashable {}
// Coded as its `index` and its `action`, the keys SwiftRex's coding used, so that recorded
// actions read back.
extension ElementIndexAction: Encodable where Index: Encodable, Action: Encodable {}
extension ElementIndexAction: Decodable where Index: Decodable, Action: Decodable {}
