/// The action a `just` effect sends, held as its own type.
///
/// An `Effect` is `Sendable` whatever its action type, so the action is kept in a wrapper that
/// can only be made from a `Sendable` action. Kept as `any Sendable` instead, it made every
/// effect an existential to copy through value witnesses, and cost a dynamic cast to send.
@usableFromInline
struct SentAction<Action>: @unchecked Sendable {  // made only from a Sendable action (see the initializer)
    @usableFromInline let action: Action

    @inlinable
    init(_ action: Action) where Action: Sendable {
        self.action = action
    }
}
