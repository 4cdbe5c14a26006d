/// A middleware of a feature whose state is optional in a larger one (a detail, a sheet, a
/// session): what `liftOptional` returns.
///
/// The wrapped middleware runs only while its state is there: an action for it while the state
/// is `nil` is skipped (the lifted reducer says so in a debug build). What its ``IO`` starts lives
/// as long as the state: the output the IO is given carries the state's
/// ``AnyActionHandler/lifetime``, which ends in the IO phase of the turn that leaves the state
/// `nil` or, for an `Identifiable` state, puts a state of another id in its place (a detail of
/// another item); an `EffectMiddleware`'s effects are cancelled then, and send nothing more. The
/// state getter the wrapped middleware was given returns, once the state is gone, the state as it
/// was when the action was handled.
public struct LiftOptionalMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Inner: MiddlewareProtocol>:  // SwiftRex 0.8's parameter names (Docs/Names.md)
    MiddlewareProtocol where Inner.StateType: Sendable
{
    /// The wrapped middleware.
    public let inner: Inner
    @usableFromInline
    let inputAction: @Sendable (GlobalInputActionType) -> Inner.InputActionType?
    @usableFromInline
    let outputAction: @Sendable (Inner.OutputActionType) -> GlobalOutputActionType
    @usableFromInline
    let state: @Sendable (GlobalStateType) -> Inner.StateType?
    /// Given the state a lifetime began with, whether a later state is the same one: always, or,
    /// for an `Identifiable` state, when it has the same id.
    @usableFromInline
    let sameState: @Sendable (Inner.StateType) -> @Sendable (Inner.StateType) -> Bool
    @usableFromInline
    let lifetimes = PartLifetimes<OnlyPart>()

    /// Wraps `inner` with the three transformations between its domain and the larger one; the
    /// state's lifetime lasts while it is not `nil` and, for an `Identifiable` state, has the id
    /// it began with.
    @inlinable
    public init(
        _ inner: Inner,
        inputAction: @escaping @Sendable (GlobalInputActionType) -> Inner.InputActionType?,
        outputAction: @escaping @Sendable (Inner.OutputActionType) -> GlobalOutputActionType,
        state: @escaping @Sendable (GlobalStateType) -> Inner.StateType?
    ) {
        self.inner = inner
        self.inputAction = inputAction
        self.outputAction = outputAction
        self.state = state
        self.sameState = StateIdentity<Inner.StateType>.check
    }

    /// Passes the local action to the wrapped middleware while its state is there, and runs its
    /// IO in the state's lifetime.
    ///
    /// - Complexity: O(1), and an IO of its own per action while something the wrapped middleware
    ///   started may be live (to end it after the turn that removes the state).
    @inlinable
    public func handle(
        action: GlobalInputActionType,
        from dispatcher: ActionSource,
        state getState: @escaping GetState<GlobalStateType>
    ) -> IO<GlobalOutputActionType> {
        let localState = state
        let lifetimes = lifetimes
        guard let localAction = inputAction(action), let found = localState(getState()) else {
            guard !lifetimes.isEmpty else { return .pure() }
            return IO { _ in lifetimes.endDepartedByTheirOwnCheck() }
        }
        let io = inner.handle(action: localAction, from: dispatcher, state: { localState(getState()) ?? found })
        guard !io.isPure || !lifetimes.isEmpty else { return .pure() }
        // A lifetime begun for this state lasts while the state there is this one.
        let isThisState = sameState(found)
        return lifetimes.run(
            io.map(outputAction),
            for: .only,
            endDeparted: { lifetimes.endDepartedByTheirOwnCheck() },
            isPresent: { localState(getState()).map(isThisState) ?? false }
        )
    }
}
