import RexCore
import Testing

// Every way to receive an action sent back, each a call of the one implementation,
// `receive(describedAs:where:timeout:assert:location:)`: by equality, by predicate, by case path
// (a key path of optional properties of the action, the way actions are lifted, or a closure
// that extracts a value), so that an action that is not `Equatable` can be received.
//
// A case path is taken as a function, which a key path literal converts to: a `KeyPath`
// parameter would only add its description to messages, and on Linux a computed property's key
// path describes itself by address.

extension TestStore where Action: Equatable {
    /// Waits for the next action the middleware sent back, checks that it equals `expected`,
    /// runs it, and checks the state change that `update` describes.
    public func receive(
        _ expected: Action,
        timeout: Duration = .seconds(1),
        assert update: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(describedAs: "\(expected)", where: { $0 == expected }, timeout: timeout, assert: update, location: Self.location(fileID, filePath, line, column))
    }
}

extension TestStore {
    /// Waits for the next action the middleware sent back, checks that `predicate` accepts it,
    /// runs it, and checks the state change that `update` describes.
    public func receive(
        where predicate: @escaping (Action) -> Bool,
        timeout: Duration = .seconds(1),
        assert update: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(describedAs: "an action matching the predicate", where: predicate, timeout: timeout, assert: update, location: Self.location(fileID, filePath, line, column))
    }

    /// Waits for the next action the middleware sent back, checks that the case path `extract`
    /// finds a value in it, runs it, and checks the state change that `update` describes.
    ///
    /// The case path is most often a key path of optional properties of the action, as actions
    /// are lifted, followed through the action's levels: `\.detail?.loaded` finds a value in
    /// `.detail(.loaded(…))`, whatever its payload. So an action that is not `Equatable` (one
    /// carrying an error, a closure, a reference) is received by its case. For a case the action
    /// has no property for, write the case path as a closure.
    ///
    /// ```swift
    /// await store.receive(\.detail?.loaded) { $0.detail?.isLoading = false }
    /// await store.receive({ if case .failed(let error) = $0 { error } else { nil } })
    /// ```
    public func receive<Value>(
        _ extract: @escaping (Action) -> Value?,
        timeout: Duration = .seconds(1),
        assert update: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(describedAs: "an action the case path finds a value in", where: { extract($0) != nil }, timeout: timeout, assert: update, location: Self.location(fileID, filePath, line, column))
    }

    /// Waits for the next action the middleware sent back, checks that the case path `extract`
    /// (a key path of optional properties, or a closure) finds `expected` in it, runs it, and
    /// checks the state change that `update` describes.
    ///
    /// ```swift
    /// await store.receive(\.detail?.loaded, ["a", "b"]) { $0.detail?.items = ["a", "b"] }
    /// ```
    public func receive<Value: Equatable>(
        _ extract: @escaping (Action) -> Value?,
        _ expected: Value,
        timeout: Duration = .seconds(1),
        assert update: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(describedAs: "\(expected) at the case path", where: { extract($0) == expected }, timeout: timeout, assert: update, location: Self.location(fileID, filePath, line, column))
    }
}
