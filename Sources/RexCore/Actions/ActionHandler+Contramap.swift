extension ActionHandler where Self: Sendable {
    /// Returns a handler of other actions that converts each one into an action of this handler.
    ///
    /// ```swift
    /// let counterOutput: AnyActionHandler<CounterAction> = appOutput.contramap(AppAction.counter)
    /// ```
    @inlinable
    public func contramap<NewActionType>(
        _ transform: @escaping @Sendable (NewActionType) -> ActionType
    ) -> AnyActionHandler<NewActionType> {
        AnyActionHandler { dispatchedAction in
            self.dispatch(dispatchedAction.map(transform))
        }
    }
}
