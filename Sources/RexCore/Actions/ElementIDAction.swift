/// An action meant for one element of a collection, found by its identifier.
///
/// Used with `liftToCollection` on reducers and middlewares: the lifted reducer finds the element
/// whose `id` equals ``id`` and runs the element's reducer on it with ``action``.
///
/// The type itself asks nothing of `ID`: the lifts ask for `Hashable`, and so do `Equatable`,
/// `Hashable` and `Identifiable` here. A requirement of the type would be checked each time the
/// runtime makes the type from its mangled name, which reflection does for every value of an
/// enum whose case holds one (a logger writing such an action, `dump`, `print`): about 3,000
/// instructions each time for a `Hashable` id.
public struct ElementIDAction<ID, Action> {
    /// The identifier of the element the action is for.
    public let id: ID
    /// The action for that element.
    public let action: Action

    /// Creates an action for the element with the given identifier.
    @inlinable
    public init(id: ID, action: Action) {
        self.id = id
        self.action = action
    }
}

extension ElementIDAction: Sendable where ID: Sendable, Action: Sendable {}
extension ElementIDAction: Equatable where ID: Equatable, Action: Equatable {}
extension ElementIDAction: Hashable where ID: Hashable, Action: Hashable {}
// Coded as its `id` and its `action`, the keys SwiftRex's coding used, so that recorded
// actions read back.
extension ElementIDAction: Encodable where ID: Encodable, Action: Encodable {}
extension ElementIDAction: Decodable where ID: Decodable, Action: Decodable {}
// Identified by the id of the element it is for, as in SwiftRex, so that it goes where
// `Identifiable` is asked for (`ForEach`, an `IdentifiedArray`).
extension ElementIDAction: Identifiable where ID: Hashable {}
