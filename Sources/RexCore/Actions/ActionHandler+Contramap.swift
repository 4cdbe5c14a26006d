extension ActionHandler where Self: Sendable {
    /// Returns a handler of other actions that converts each one into an action of this handler.
    ///
    /// ```swift
    /// let counterOutput: AnyActionHandler<CounterAction> = appOutput.contramap(AppAction.counter)
    /// ```
    @inlinable
    public func contramap<NewAction>(
        _ transform: @escaping @Sendable (NewAction) -> ActionType
    ) -> AnyActionHandler<NewAction> {
        AnyActionHandler { dispatchedAction in
            self.dispatch(dispatchedAction.map(transform))
        }
    }
}
