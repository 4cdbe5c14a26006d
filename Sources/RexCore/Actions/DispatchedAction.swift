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

    /// Creates a dispatched action whose source is the place that calls this initializer, or
    /// the file, function and line given, as SwiftRex 0.8 spells it.
    ///
    /// ```swift
    /// let dispatched = DispatchedAction(AppAction.refresh, info: "pull to refresh")
    /// let forwarded = DispatchedAction(AppAction.refresh, file: message.file, function: message.function, line: message.line)
    /// ```
    ///
    /// `file` and `function` are strings, which may be made at run time; each distinct text is
    /// kept once for the life of the process, as an ``ActionSource`` made from strings keeps it.
    /// To dispatch from a call site at the least cost, give the store the action itself
    /// (``ActionHandler/dispatch(_:file:function:line:info:)`` takes `#fileID` as a literal), or
    /// build the source with ``ActionSource/here(file:function:line:info:)``.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - file: The file that dispatched it: by default the caller's `#fileID`
    ///     (`Module/File.swift`), as everywhere in Rex, where SwiftRex took `#file` (in Swift 5
    ///     mode, the file's whole path).
    ///   - function: The function that dispatched it: by default the caller's `#function`.
    ///   - line: The line that dispatched it: by default the caller's `#line`.
    ///   - info: Extra context about the dispatcher, if any.
    public init(
        _ action: Action,
        file: String = #fileID,
        function: String = #function,
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
