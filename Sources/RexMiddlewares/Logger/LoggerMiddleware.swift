import RexCore

/// A middleware that logs each action, where it came from, and what it changed in the state.
///
/// It reads the state before the reducer (in `handle`) and after it (in its IO), and hands both
/// to a writer of its own that formats and writes them later, in order, in batches: the store's
/// turn only pays for two state copies and a place in the backlog. The default field diff costs
/// what the action changed, not what the state holds: parts with the same bits, or that share
/// their storage, are skipped without being walked, and an `IdentifiedArray` that a logger keeps
/// in copies compares only the chunks the action changed. A plain `Array` that changed is walked
/// whole. At most `maximumBacklog` entries wait to be written; a process that exits waits one
/// second at most for them.
///
/// Each entry reads:
///
/// ```
/// action add(5) from App/CounterView.swift:42 tapped()
///   .count: 0 → 5
/// ```
///
/// and when nothing changed, `  no state mutation`. Compose it in front of the middlewares it
/// should watch with `logger(actionFilter:actionFormat:stateChange:destination:)`.
public struct LoggerMiddleware<InputActionType: Sendable, OutputActionType, StateType: Sendable>: MiddlewareProtocol {  // SwiftRex 0.8's parameter names (Docs/Names.md)
    let actionFilter: @Sendable (InputActionType, ActionSource) -> Bool
    let actionFormat: LogActionFormat<InputActionType>
    let stateChange: LogStateChange<StateType>
    let writer: LogWriter
    let entryText = LogEntryText()

    /// Creates a logger.
    ///
    /// - Parameters:
    ///   - actionFilter: Which actions to log; all by default.
    ///   - actionFormat: How to write an action; the whole action by default.
    ///   - stateChange: How to write the change of state; a field-by-field diff by default.
    ///   - destination: Where to write; standard output by default.
    ///   - maximumBacklog: How many entries may wait to be written (1,000 by default). An entry
    ///     logged while that many wait is dropped, and the next entry written says how many were;
    ///     see <doc:LoggingAndGating>.
    public init(
        actionFilter: @escaping @Sendable (InputActionType, ActionSource) -> Bool = { _, _ in true },
        actionFormat: LogActionFormat<InputActionType> = .full,
        stateChange: LogStateChange<StateType> = .fieldDiff(),
        destination: LogDestination = .standardOutput,
        maximumBacklog: Int = 1_000
    ) {
        self.actionFilter = actionFilter
        self.actionFormat = actionFormat
        self.stateChange = stateChange
        self.writer = LogWriter(destination, maximumBacklog: maximumBacklog)
    }

    /// Notes the state before the reducer and returns an IO that logs the action with the state
    /// after it. Dispatches nothing.
    public func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        guard actionFilter(action, dispatcher) else { return .pure() }
        let before = state()
        return IO { [actionFormat, stateChange, writer, entryText] _ in
            let after = state()
            writer.write {
                entryText.text(
                    action: actionFormat.format(action),
                    source: dispatcher,
                    stateLines: stateChange.lines(before: before, after: after)
                )
            }
        }
    }

    /// Returns once every entry logged so far has been written.
    ///
    /// What is logged is also written when the last copy of this middleware goes, and when the
    /// process exits normally; call `flush()` where the log must be complete at a given moment,
    /// such as before your own output, whose buffer the logger does not share.
    public func flush() {
        writer.flush()
    }
}

extension LogStateChange {
    /// The lines that say what changed; empty when nothing did.
    func lines(before: State, after: State) -> [String] {
        switch self {
        case .lineDiff(let contextLines):
            return diffLines(dumped(before), dumped(after), contextLines: contextLines)
        case .fieldDiff(let hiding):
            return diffFields(before, after, hiding: hiding)
        case .newState:
            let new = dumped(after)
            return new == dumped(before) ? [] : new.map(String.init)
        case .custom(let describe):
            return describe(before, after).map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
        }
    }

    private func dumped(_ state: State) -> [Substring] {
        var text = ""
        dump(state, to: &text)
        return text.split(separator: "\n")
    }
}
