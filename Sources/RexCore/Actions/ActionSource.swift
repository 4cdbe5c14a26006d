/// Where an action came from: the file, function and line that dispatched it, and an optional note.
///
/// Every action travels through the store with its source, so middlewares and loggers can tell
/// which call site started a chain of events. The `dispatch` conveniences fill it in for you from
/// the caller's `#fileID`, `#function` and `#line`.
public struct ActionSource: Sendable {
    @usableFromInline
    let fileText: SourceText
    @usableFromInline
    let functionText: SourceText
    /// The line that dispatched the action, as given by `#line`.
    public let line: UInt
    /// Extra context about the dispatcher, such as `"API callback"`; `nil` when none was given.
    public let info: String?

    /// The file that dispatched the action, as given by `#fileID` (for example `"MyApp/View.swift"`).
    public var file: String {
        fileText.string
    }

    /// The function that dispatched the action, as given by `#function`.
    public var function: String {
        functionText.string
    }

    /// Creates a source from its parts.
    ///
    /// Each distinct `file` and `function` text is kept for the life of the process (there are
    /// as many as there are places in code); put free text in `info`.
    public init(file: String, function: String, line: UInt, info: String? = nil) {
        self.fileText = SourceText(file)
        self.functionText = SourceText(function)
        self.line = line
        self.info = info
    }

    /// Creates a source from literals such as `#fileID` and `#function`, which it keeps without
    /// copying: the cheapest source to pass through the store.
    @inlinable
    public init(file: StaticString, function: StaticString, line: UInt, info: String? = nil) {
        self.fileText = .literal(file)
        self.functionText = .literal(function)
        self.line = line
        self.info = info
    }

    /// Returns this source with other `info`, for example to say which effect sent an action.
    @inlinable
    public func with(info: String?) -> ActionSource {
        ActionSource(fileText: fileText, functionText: functionText, line: line, info: info)
    }

    @usableFromInline
    init(fileText: SourceText, functionText: SourceText, line: UInt, info: String?) {
        self.fileText = fileText
        self.functionText = functionText
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
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) -> ActionSource {
        ActionSource(file: file, function: function, line: line, info: info)
    }
}

extension ActionSource: Hashable {
    /// Whether both sources name the same file, function, line and info, however each was made.
    public static func == (lhs: ActionSource, rhs: ActionSource) -> Bool {
        lhs.line == rhs.line && lhs.info == rhs.info && lhs.file == rhs.file && lhs.function == rhs.function
    }

    /// Hashes the file, function, line and info.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(function)
        hasher.combine(line)
        hasher.combine(info)
    }
}

extension ActionSource {
    /// Whether `other` is this very source: made from the same texts (the same literals, or the
    /// same interned strings), with the same line and info. A comparison of bits, where `==`
    /// compares the texts (a literal's made into a `String` first); `false` says nothing, as for
    /// two equal sources made from a literal and from a string.
    package func isIdentical(to other: ActionSource) -> Bool {
        line == other.line && haveSameBits(fileText, other.fileText) && haveSameBits(functionText, other.functionText) && info == other.info
    }
}

extension ActionSource: Codable {
    private enum CodingKeys: String, CodingKey {
        case file, function, line, info
    }

    /// Decodes a source from its `file`, `function`, `line` and optional `info`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try container.decode(String.self, forKey: .file),
            function: try container.decode(String.self, forKey: .function),
            line: try container.decode(UInt.self, forKey: .line),
            info: try container.decodeIfPresent(String.self, forKey: .info)
        )
    }

    /// Encodes the source as its `file`, `function`, `line` and, when there is one, `info`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(function, forKey: .function)
        try container.encode(line, forKey: .line)
        try container.encodeIfPresent(info, forKey: .info)
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
