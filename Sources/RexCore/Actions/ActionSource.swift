/// Where an action came from: the file, function and line that dispatched it, and an optional note.
///
/// Every action travels through the store with its source, so middlewares and loggers can tell
/// which call site started a chain of events. The `dispatch` conveniences fill it in for you from
/// the caller's `#fileID`, `#function` and `#line`.
public struct ActionSource: Hashable, Codable, Sendable {
    /// The file that dispatched the action, as given by `#fileID` (for example `"MyApp/View.swift"`).
    public let file: String
    /// The function that dispatched the action, as given by `#function`.
    public let function: String
    /// The line that dispatched the action, as given by `#line`.
    public let line: UInt
    /// Extra context about the dispatcher, such as `"API callback"`; `nil` when none was given.
    public let info: String?

    /// Creates a source from its parts.
    @inlinable
    public init(file: String, function: String, line: UInt, info: String? = nil) {
        self.file = file
        self.function = function
        self.line = line
        self.info = info
    }

    /// Returns the source of the place that calls this function.
    ///
    /// ```swift
    /// output.dispatch(.loaded(items), from: .here(info: "disk load"))
    /// ```
    @inlinable
    public static func here(
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line,
        info: String? = nil
    ) -> ActionSource {
        ActionSource(file: file, function: function, line: line, info: info)
    }
}

extension ActionSource: CustomStringConvertible {
    /// The source as `file:line function`, followed by ` | info` when there is info.
    public var description: String {
        let place = "\(file):\(line) \(function)"
        guard let info else { return place }
        return "\(place) | \(info)"
    }
}
