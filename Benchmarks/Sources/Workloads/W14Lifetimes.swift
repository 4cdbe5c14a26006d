import Dispatch
import RexCore
@_spi(Testing) import RexMiddlewares

/// W14: rows whose effects live as long as the rows. An `IdentifiedArray` of rows, each with an
/// `EffectMiddleware` lifted with `liftToCollection` and one long-running effect started for it;
/// each action edits one row (the lifted middleware checks, after the turn, that the rows with
/// live effects are still there), or removes a row (its effect is cancelled) and adds it back with
/// a new effect.
public final class LifetimesWorkload {
    public struct Row: Identifiable, Sendable {
        public var id: Int
        public var edits = 0
    }

    public enum RowAction: Sendable {
        /// Starts the row's effect, which runs until it is cancelled.
        case watch
        case edit
    }

    public enum Action: Sendable {
        case row(ElementIDAction<Int, RowAction>)
        case remove(Int)
        case add(Int)

        public var row: ElementIDAction<Int, RowAction>? {
            if case .row(let action) = self { return action }
            return nil
        }
    }

    public struct State: Sendable {
        public var rows: IdentifiedArrayOf<Row>
    }

    static let rowReducer = Reducer<RowAction, Row>.reduce { action, row in
        if case .edit = action { row.edits += 1 }
    }

    let store: ReduxStoreBase<Action, State>
    let effects: EffectMiddleware<RowAction, RowAction, Row, Void>
    let rowCount: Int
    /// Signalled by each effect once it has started, and once it has ended.
    let started: DispatchSemaphore
    let ended: DispatchSemaphore
    var next = 0
    var edits: [Int]

    /// A store of `rows` rows, each with its effect running.
    public init(rows: Int) {
        rowCount = rows
        edits = [Int](repeating: 0, count: rows)
        // Each effect says when it has started, so that the setup's tasks have all run before
        // the measured actions (otherwise their start, on other threads, is counted in them).
        let started = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        self.started = started
        self.ended = ended
        effects = EffectMiddleware<RowAction, RowAction, Row, Void>.onAction { action, _, _ in
            guard case .watch = action else { return .doNothing }
            return .run { _ in
                started.signal()
                try? await Task.sleep(for: .seconds(86_400))
                ended.signal()
            }
        }
        let reducer = Self.rowReducer.liftToCollection(action: \Action.row, stateCollection: \State.rows)
            <> Reducer<Action, State>.reduce { action, state in
                switch action {
                case .remove(let id): state.rows.remove(id: id)
                case .add(let id): state.rows.append(Row(id: id))
                case .row: break
                }
            }
        store = ReduxStoreBase(
            initialState: State(rows: IdentifiedArray(uniqueElements: (0..<rows).map { Row(id: $0) })),
            reducer: reducer,
            middleware: effects.liftToCollection(inputAction: \Action.row, outputAction: Action.row, state: \State.rows)
        )
        for id in 0..<rows {
            store.dispatch(.row(ElementIDAction(id: id, action: .watch)))
        }
        check(effects.runningEffectCount == rows, "W14", "\(effects.runningEffectCount) effects running, not \(rows)")
        for _ in 0..<rows {
            started.wait()
        }
    }

    /// Edits the next `actions` rows, one action each, and checks some of them.
    public func run(actions: Int) {
        var id = next
        for _ in 0..<actions {
            store.dispatch(.row(ElementIDAction(id: id, action: .edit)))
            edits[id] += 1
            id = id + 1 == rowCount ? 0 : id + 1
        }
        next = id
        let rows = store.state.rows
        for sample in stride(from: 0, to: rowCount, by: max(1, rowCount / 16)) {
            check(rows[id: sample]?.edits == edits[sample], "W14", "row \(sample) has the wrong edits")
        }
    }

    /// Removes the last row (which cancels its effect), adds it back and starts its effect again,
    /// `cycles` times: three actions a cycle. When `waitingForEffects`, each cycle waits for the
    /// cancelled effect to end and the new one to start, so that every cycle's tasks do the same
    /// work whatever the threads' timing (for counting instructions; a timing would count the
    /// hops between threads).
    public func replaceLastRow(cycles: Int, waitingForEffects: Bool) {
        let last = rowCount - 1
        for _ in 0..<cycles {
            store.dispatch(.remove(last))
            if waitingForEffects { ended.wait() }
            store.dispatch(.add(last))
            store.dispatch(.row(ElementIDAction(id: last, action: .watch)))
            if waitingForEffects { started.wait() }
        }
        edits[last] = 0
        check(store.state.rows.count == rowCount, "W14", "\(store.state.rows.count) rows, not \(rowCount)")
        // Cancelled effects leave the registry as their tasks end, on other threads: at most the
        // live ones and those still ending.
        check(effects.runningEffectCount >= rowCount, "W14", "a row's effect is missing")
    }
}
