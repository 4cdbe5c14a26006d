/// Whether a later state of an optional part is still the one a lifetime began with: for an
/// `Identifiable` state, while it has the same id (a detail of another item is another detail);
/// for any other state, always. See ``LiftOptionalMiddleware``.
///
/// Decided once, when a lift is made, by asking at run time whether the state's type is
/// `Identifiable`, rather than by a second overload of each `liftOptional` and of the
/// middleware's initializer, constrained to `Identifiable` states: with those, a `<>` chain of 60
/// optional lifts opened 1,700 constraint scopes where plain lifts open 1,580, and type-checked
/// about a fifth slower (see Docs/Performance.md, "Optional lifts without Identifiable
/// overloads").
///
/// The check of an `Identifiable` state casts both states to the type found `Identifiable`, which
/// is their own type: the cast always succeeds.
@usableFromInline
enum StateIdentity<State: Sendable> {
    /// Given the state a lifetime began with, whether a later state is the same one.
    @usableFromInline
    typealias Check = @Sendable (State) -> @Sendable (State) -> Bool

    /// The check for `State`: by id if it is `Identifiable`, else none (always the same).
    @inlinable
    static var check: Check {
        guard let identifiable = State.self as? any (Identifiable & Sendable).Type else {
            return { _ in { _ in true } }
        }
        return sameID(as: identifiable)
    }

    /// The check by id, for `State` seen as `Item`, its own type opened as `Identifiable`.
    @inlinable
    static func sameID<Item: Identifiable & Sendable>(as _: Item.Type) -> Check {
        assert(ObjectIdentifier(Item.self) == ObjectIdentifier(State.self), "StateIdentity: \(Item.self) is not \(State.self)")
        // The first state is kept, not its id, whose type need not be `Sendable`.
        return { first in
            { later in (later as! Item).id == (first as! Item).id }
        }
    }
}
