import RexCore

/// The text of a logger's entries:
///
/// ```
/// action add(5) from App/CounterView.swift:42 tapped()
///   .count: 0 → 5
/// ```
///
/// It keeps the text of the last entry's source for the next: a store's actions come from a few
/// places, often many in a row from one, and that text cost a copy of the file's name and nine
/// appends an entry.
final class LogEntryText: @unchecked Sendable {  // `lastSource` is guarded by `lock`
    private let lock = Lock()
    private var lastSource: (source: ActionSource, text: String)?

    /// The entry for `action`'s text, its source and the lines of what it changed (none: "no
    /// state mutation").
    func text(action: String, source: ActionSource, stateLines: [String]) -> String {
        let sourceText = text(of: source)
        // Appended piece by piece into room made once: an interpolation made a string per piece.
        var text = ""
        text.reserveCapacity(action.utf8.count + sourceText.utf8.count + 30 + stateLines.reduce(0) { $0 + $1.utf8.count + 3 })
        text += "action "
        text += action
        text += sourceText
        if stateLines.isEmpty {
            text += "  no state mutation\n"
        } else {
            for line in stateLines {
                text += "  "
                text += line
                text += "\n"
            }
        }
        return text
    }

    /// ` from App/CounterView.swift:42 tapped()`, with ` | info` when the source has some, and
    /// the line's end.
    private func text(of source: ActionSource) -> String {
        if let last = lock.withLock({ lastSource }), last.source.isIdentical(to: source) {
            return last.text
        }
        var text = " from "
        text += source.description
        text += "\n"
        lock.withLock { lastSource = (source, text) }
        return text
    }
}
