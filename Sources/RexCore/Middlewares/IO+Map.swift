extension IO {
    /// Returns an IO whose dispatched actions are transformed before they reach the output.
    @inlinable
    public func map<NewAction>(
        _ transform: @escaping @Sendable (OutputActionType) -> NewAction
    ) -> IO<NewAction> {
        guard let body else { return .pure() }
        return IO<NewAction>(body: { output in
            body(output.contramap(transform))
        })
    }

    /// Returns an IO that, for every action this one dispatches, runs the IO that `transform`
    /// makes of it, instead of dispatching that action.
    @inlinable
    public func flatMap<NewAction>(
        _ transform: @escaping @Sendable (DispatchedAction<OutputActionType>) -> IO<NewAction>
    ) -> IO<NewAction> {
        guard let body else { return .pure() }
        return IO<NewAction>(body: { output in
            body(AnyActionHandler(lifetime: output.lifetime) { dispatchedAction in
                transform(dispatchedAction).run(output)
            })
        })
    }
}
