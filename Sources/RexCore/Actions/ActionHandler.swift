/// Something that accepts actions: a store, a projection, or the output an ``IO`` writes to.
///
/// The only requirement is ``dispatch(_:)``; the conveniences
/// in the extension capture the call site as the action's ``ActionSource``.
public protocol ActionHandler<ActionType> {  // SwiftRex 0.8's parameter names (Docs/Names.md)
    /// The kind of action this handler accepts.
    associatedtype ActionType

    /// Accepts one action together with its source.
    func dispatch(_ dispatchedAction: DispatchedAction<ActionType>)
}

extension ActionHandler {
    /// Dispatches an action, recording the caller's file, function and line as its source.
    @inlinable
    public func dispatch(
        _ action: ActionType,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) {
        dispatch(DispatchedAction(action, dispatcher: ActionSource(file: file, function: function, line: line, info: info)))
    }

    /// Dispatches an action on behalf of a given source, for example to forward the source of the
    /// action that caused this one.
    @inlinable
    public func dispatch(_ action: ActionType, from dispatcher: ActionSource) {
        dispatch(DispatchedAction(action, dispatcher: dispatcher))
    }
}
