/// An action together with the ``ActionSource`` that dispatched it.
///
/// This is what the store queues and what an ``ActionHandler`` receives.
public struct DispatchedAction<Action> {
    /// The action itself.
    public let action: Action
    /// Where the action was dispatched from.
    public let dispatcher: ActionSource

    /// Creates a dispatched action from an action and its source.
    @inlinable
    public init(_ action: Action, dispatcher: ActionSource) {
        self.action = action
        self.dispatcher = dispatcher
    }

    /// Creates a dispatched action whose source is the place that calls this initializer, as
    /// SwiftRex 0.8 spells it.
    ///
    /// ```swift
    /// let dispatched = DispatchedAction(AppAction.refresh, info: "pull to refresh")
    /// ```
    ///
    /// `file` and `function` are literals (`#fileID` and `#function` by default), as everywhere
    /// in Rex; to build a source from strings, use ``init(_:dispatcher:)`` with the
    /// ``ActionSource`` initializer that takes strings.
    @inlinable
    public init(
        _ action: Action,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) {
        self.init(action, dispatcher: ActionSource(file: file, function: function, line: line, info: info))
    }

    /// Returns the same dispatch with its action transformed, keeping the source.
    @inlinable
    public func map<NewAction>(_ transform: (Action) throws -> NewAction) rethrows -> DispatchedAction<NewAction> {
        DispatchedAction<NewAction>(try transform(action), dispatcher: dispatcher)
    }

    /// Returns the same dispatch with its action transformed, or `nil` when the transform returns `nil`.
    @inlinable
    public func compactMap<NewAction>(
        _ transform: (Action) throws -> NewAction?
    ) rethrows -> DispatchedAction<NewAction>? {
        guard let newAction = try transform(action) else { return nil }
        return DispatchedAction<NewAction>(newAction, dispatcher: dispatcher)
    }
}

extension DispatchedAction: Sendable where Action: Sendable {}
extension DispatchedAction: Equatable where Action: Equatable {}
extension DispatchedAction: Hashable where Action: Hashable {}
extension DispatchedAction: Encodable where Action: Encodable {}
extension DispatchedAction: Decodable where Action: Decodable {}
