import RexCore

/// How a ``LoggerMiddleware`` writes an action.
public enum LogActionFormat<Action>: Sendable {
    /// The whole action, as `String(describing:)` gives it: `add(amount: 5)`.
    case full
    /// The case name only, without associated values: `add`.
    case name
    /// Your own text for the action.
    case custom(@Sendable (Action) -> String)

    func format(_ action: Action) -> String {
        switch self {
        case .full:
            return describing(action)
        case .name:
            return String(describing(action).prefix { $0 != "(" })
        case .custom(let format):
            return format(action)
        }
    }
}

/// How a ``LoggerMiddleware`` writes what an action changed in the state.
public enum LogStateChange<State>: Sendable {
    /// A line diff of the state's `dump`, each changed line marked `-` (before) or `+` (after),
    /// with `contextLines` unchanged lines around each change.
    case lineDiff(contextLines: Int = 2)
    /// A recursive diff, one line per changed field: `.user.name: "Ann" → "Anna"`. Collections
    /// are compared element by element in a stable order (arrays by index, dictionaries and sets
    /// by the text of their keys); fields whose path starts with one of `hiding` are left out.
    case fieldDiff(hiding: [String] = [])
    /// The new state's `dump`, whatever changed.
    case newState
    /// Your own text from the state before and after the action; `nil` for "no state mutation".
    case custom(@Sendable (_ before: State, _ after: State) -> String?)
}

/// Where a ``LoggerMiddleware`` writes.
public enum LogDestination: Sendable {
    /// Standard output.
    case standardOutput
    /// A file, appended to, and created if it is missing.
    case file(path: String)
    /// Your own writer; it receives each entry, lines separated by `\n`, ending with `\n`.
    case custom(@Sendable (String) -> Void)
}
