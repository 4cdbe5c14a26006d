/// The text of an ``ActionSource`` field: a literal such as `#fileID`, or a string interned for
/// the life of the process.
///
/// Both cases are plain values, with nothing to retain or release, so an `ActionSource` with no
/// `info` costs nothing to copy or destroy. A `String` here cost a release per field per action:
/// more than a third of a counter store's whole turn.
///
/// Interned strings are kept forever, one copy per distinct text. Files and functions are few
/// (they name places in code), so the table stays small; free text belongs in `info`, which is a
/// plain `String`.
@usableFromInline
enum SourceText: Sendable {
    case literal(StaticString)
    case interned(Int)

    /// Interns `text`: the same text always gives the same case.
    @usableFromInline
    init(_ text: String) {
        self = .interned(SourceTextTable.shared.index(of: text))
    }

    /// The text as a string.
    @inlinable
    var string: String {
        switch self {
        case .literal(let literal): literal.description
        case .interned(let index): SourceTextTable.shared.text(at: index)
        }
    }
}

/// The interned texts of ``SourceText``, shared by every source in the process.
@usableFromInline
final class SourceTextTable: @unchecked Sendable {  // `texts` and `indices` are guarded by `lock`
    @usableFromInline
    static let shared = SourceTextTable()

    private let lock = Lock()
    private var texts: [String] = []
    private var indices: [String: Int] = [:]

    /// The index of `text`, added if it is new.
    @usableFromInline
    func index(of text: String) -> Int {
        lock.withLock {
            if let index = indices[text] {
                return index
            }
            texts.append(text)
            indices[text] = texts.count - 1
            return texts.count - 1
        }
    }

    /// The text at an index `index(of:)` returned.
    @usableFromInline
    func text(at index: Int) -> String {
        lock.withLock { texts[index] }
    }
}
