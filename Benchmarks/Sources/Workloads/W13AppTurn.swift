import Foundation
import RexCore
import RexDevTools
import RexMiddlewares

/// W13: an app's turn, every module on. The demo's domain grown to an app's size: 20 features,
/// each a reducer and a middleware lifted by key path and composed with `<>`; a to-do list in an
/// `IdentifiedArray`, a row reducer lifted by id, and a row projection for each of the 50 rows
/// on screen; a `LoggerMiddleware` (`.fieldDiff()`, to a file), a `PersistenceMiddleware` of
/// the list (to a file, on its default debounce) and a `Recorder` of 1,000 turns. Each action
/// toggles one item by id; a run's clock stops when the logger has written its last entry.
///
/// Each module can be left out (`Modules`), for the table of what each one costs.
public final class AppTurnWorkload {
    /// The modules joined to the store.
    public struct Modules: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let logger = Modules(rawValue: 1)
        public static let persistence = Modules(rawValue: 2)
        public static let recorder = Modules(rawValue: 4)
        public static let rows = Modules(rawValue: 8)
        public static let all: Modules = [.logger, .persistence, .recorder, .rows]
    }

    public struct Todo: Identifiable, Codable, Equatable, Sendable {
        public let id: Int
        public var title: String
        public var done: Bool
    }

    public enum TodoAction: Sendable {
        case toggle
    }

    public enum FeatureAction: Equatable, Sendable {
        case bump
        case reset
    }

    public struct FeatureState: Equatable, Sendable {
        public var value = 0
    }

    public enum Action: Sendable {
        case todo(ElementIDAction<Int, TodoAction>)
        case f0(FeatureAction)
        case f1(FeatureAction)
        case f2(FeatureAction)
        case f3(FeatureAction)
        case f4(FeatureAction)
        case f5(FeatureAction)
        case f6(FeatureAction)
        case f7(FeatureAction)
        case f8(FeatureAction)
        case f9(FeatureAction)
        case f10(FeatureAction)
        case f11(FeatureAction)
        case f12(FeatureAction)
        case f13(FeatureAction)
        case f14(FeatureAction)
        case f15(FeatureAction)
        case f16(FeatureAction)
        case f17(FeatureAction)
        case f18(FeatureAction)
        case f19(FeatureAction)

        public var todo: ElementIDAction<Int, TodoAction>? {
            if case .todo(let action) = self { return action }
            return nil
        }

        public var f0: FeatureAction? {
            if case .f0(let action) = self { return action }
            return nil
        }

        public var f1: FeatureAction? {
            if case .f1(let action) = self { return action }
            return nil
        }

        public var f2: FeatureAction? {
            if case .f2(let action) = self { return action }
            return nil
        }

        public var f3: FeatureAction? {
            if case .f3(let action) = self { return action }
            return nil
        }

        public var f4: FeatureAction? {
            if case .f4(let action) = self { return action }
            return nil
        }

        public var f5: FeatureAction? {
            if case .f5(let action) = self { return action }
            return nil
        }

        public var f6: FeatureAction? {
            if case .f6(let action) = self { return action }
            return nil
        }

        public var f7: FeatureAction? {
            if case .f7(let action) = self { return action }
            return nil
        }

        public var f8: FeatureAction? {
            if case .f8(let action) = self { return action }
            return nil
        }

        public var f9: FeatureAction? {
            if case .f9(let action) = self { return action }
            return nil
        }

        public var f10: FeatureAction? {
            if case .f10(let action) = self { return action }
            return nil
        }

        public var f11: FeatureAction? {
            if case .f11(let action) = self { return action }
            return nil
        }

        public var f12: FeatureAction? {
            if case .f12(let action) = self { return action }
            return nil
        }

        public var f13: FeatureAction? {
            if case .f13(let action) = self { return action }
            return nil
        }

        public var f14: FeatureAction? {
            if case .f14(let action) = self { return action }
            return nil
        }

        public var f15: FeatureAction? {
            if case .f15(let action) = self { return action }
            return nil
        }

        public var f16: FeatureAction? {
            if case .f16(let action) = self { return action }
            return nil
        }

        public var f17: FeatureAction? {
            if case .f17(let action) = self { return action }
            return nil
        }

        public var f18: FeatureAction? {
            if case .f18(let action) = self { return action }
            return nil
        }

        public var f19: FeatureAction? {
            if case .f19(let action) = self { return action }
            return nil
        }
    }

    public struct State: Equatable, Sendable {
        public var todos: IdentifiedArrayOf<Todo>
        public var f0 = FeatureState()
        public var f1 = FeatureState()
        public var f2 = FeatureState()
        public var f3 = FeatureState()
        public var f4 = FeatureState()
        public var f5 = FeatureState()
        public var f6 = FeatureState()
        public var f7 = FeatureState()
        public var f8 = FeatureState()
        public var f9 = FeatureState()
        public var f10 = FeatureState()
        public var f11 = FeatureState()
        public var f12 = FeatureState()
        public var f13 = FeatureState()
        public var f14 = FeatureState()
        public var f15 = FeatureState()
        public var f16 = FeatureState()
        public var f17 = FeatureState()
        public var f18 = FeatureState()
        public var f19 = FeatureState()
    }

    /// A feature's middleware: it looks at the action, and has a side effect for `reset` only.
    struct FeatureMiddleware: MiddlewareProtocol {
        func handle(action: FeatureAction, from dispatcher: ActionSource, state: @escaping GetState<FeatureState>) -> IO<FeatureAction> {
            guard action == .reset else { return .pure() }
            return IO { output in output.dispatch(.bump) }
        }
    }

    struct RowView: Equatable, Sendable {
        let title: String
        let done: Bool
    }

    /// Counts the row callbacks; written by callbacks, in the turns of `run`, on its thread.
    final class Callbacks: @unchecked Sendable {
        var count = 0
    }

    static let featureReducer = Reducer<FeatureAction, FeatureState>.reduce { action, state in
        switch action {
        case .bump: state.value += 1
        case .reset: state.value = 0
        }
    }

    static let todoReducer = Reducer<TodoAction, Todo>.reduce { action, todo in
        switch action {
        case .toggle: todo.done.toggle()
        }
    }

    static var reducer: Reducer<Action, State> {
        let feature = featureReducer
        return todoReducer.liftToCollection(action: \Action.todo, stateCollection: \State.todos) <>
            feature.lift(action: \Action.f0, state: \State.f0) <>
            feature.lift(action: \Action.f1, state: \State.f1) <>
            feature.lift(action: \Action.f2, state: \State.f2) <>
            feature.lift(action: \Action.f3, state: \State.f3) <>
            feature.lift(action: \Action.f4, state: \State.f4) <>
            feature.lift(action: \Action.f5, state: \State.f5) <>
            feature.lift(action: \Action.f6, state: \State.f6) <>
            feature.lift(action: \Action.f7, state: \State.f7) <>
            feature.lift(action: \Action.f8, state: \State.f8) <>
            feature.lift(action: \Action.f9, state: \State.f9) <>
            feature.lift(action: \Action.f10, state: \State.f10) <>
            feature.lift(action: \Action.f11, state: \State.f11) <>
            feature.lift(action: \Action.f12, state: \State.f12) <>
            feature.lift(action: \Action.f13, state: \State.f13) <>
            feature.lift(action: \Action.f14, state: \State.f14) <>
            feature.lift(action: \Action.f15, state: \State.f15) <>
            feature.lift(action: \Action.f16, state: \State.f16) <>
            feature.lift(action: \Action.f17, state: \State.f17) <>
            feature.lift(action: \Action.f18, state: \State.f18) <>
            feature.lift(action: \Action.f19, state: \State.f19)
    }

    static var featureMiddlewares: AnyMiddleware<Action, Action, State> {
        let features =
            FeatureMiddleware().lift(inputAction: \Action.f0, outputAction: Action.f0, state: \State.f0) <>
            FeatureMiddleware().lift(inputAction: \Action.f1, outputAction: Action.f1, state: \State.f1) <>
            FeatureMiddleware().lift(inputAction: \Action.f2, outputAction: Action.f2, state: \State.f2) <>
            FeatureMiddleware().lift(inputAction: \Action.f3, outputAction: Action.f3, state: \State.f3) <>
            FeatureMiddleware().lift(inputAction: \Action.f4, outputAction: Action.f4, state: \State.f4) <>
            FeatureMiddleware().lift(inputAction: \Action.f5, outputAction: Action.f5, state: \State.f5) <>
            FeatureMiddleware().lift(inputAction: \Action.f6, outputAction: Action.f6, state: \State.f6) <>
            FeatureMiddleware().lift(inputAction: \Action.f7, outputAction: Action.f7, state: \State.f7) <>
            FeatureMiddleware().lift(inputAction: \Action.f8, outputAction: Action.f8, state: \State.f8) <>
            FeatureMiddleware().lift(inputAction: \Action.f9, outputAction: Action.f9, state: \State.f9) <>
            FeatureMiddleware().lift(inputAction: \Action.f10, outputAction: Action.f10, state: \State.f10) <>
            FeatureMiddleware().lift(inputAction: \Action.f11, outputAction: Action.f11, state: \State.f11) <>
            FeatureMiddleware().lift(inputAction: \Action.f12, outputAction: Action.f12, state: \State.f12) <>
            FeatureMiddleware().lift(inputAction: \Action.f13, outputAction: Action.f13, state: \State.f13) <>
            FeatureMiddleware().lift(inputAction: \Action.f14, outputAction: Action.f14, state: \State.f14) <>
            FeatureMiddleware().lift(inputAction: \Action.f15, outputAction: Action.f15, state: \State.f15) <>
            FeatureMiddleware().lift(inputAction: \Action.f16, outputAction: Action.f16, state: \State.f16) <>
            FeatureMiddleware().lift(inputAction: \Action.f17, outputAction: Action.f17, state: \State.f17) <>
            FeatureMiddleware().lift(inputAction: \Action.f18, outputAction: Action.f18, state: \State.f18) <>
            FeatureMiddleware().lift(inputAction: \Action.f19, outputAction: Action.f19, state: \State.f19)
        return features.eraseToAnyMiddleware()
    }

    let store: ReduxStoreBase<Action, State>
    let logger: LoggerMiddleware<Action, Action, State>?
    var persistence: PersistenceMiddleware<Action, State, IdentifiedArrayOf<Todo>>?
    let folder: URL
    let callbacks = Callbacks()
    var tokens: [SubscriptionToken] = []
    var schedule: ToggleSchedule
    let itemCount: Int

    /// W13 at `itemCount` items with `modules`. `saveDebounce` and `logBacklog` are the
    /// persistence middleware's and the logger's defaults; the instruction counter sets them so
    /// that no save falls into its count and no log entry is dropped, whatever the time
    /// valgrind takes. `replayBudget` is the recorder's; `nil` for its default.
    public init(items itemCount: Int, modules: Modules = .all, saveDebounce: Duration = .milliseconds(500), logBacklog: Int = 1_000, replayBudget: Duration? = nil) {
        self.itemCount = itemCount
        schedule = ToggleSchedule(itemCount: itemCount)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-w13-\(UUID())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let todos = IdentifiedArray(uniqueElements: ByIDWorkload.items(itemCount, order: .scattered).map { Todo(id: $0.id, title: $0.title, done: false) })
        var middleware = Self.featureMiddlewares
        logger = modules.contains(.logger)
            ? LoggerMiddleware(destination: .file(path: folder.appendingPathComponent("log.txt").path), maximumBacklog: logBacklog)
            : nil
        if let logger {
            middleware = (logger <> middleware).eraseToAnyMiddleware()
        }
        var initialState = State(todos: todos)
        if modules.contains(.persistence) {
            let persistence = PersistenceMiddleware<Action, State, IdentifiedArrayOf<Todo>>(
                part: \State.todos,
                storage: FileStorage(url: folder.appendingPathComponent("todos.json")),
                debounce: saveDebounce,
                report: { _ in nil }
            )
            initialState = persistence.restoring(initialState)
            middleware = (middleware <> persistence).eraseToAnyMiddleware()
            self.persistence = persistence
        }
        if modules.contains(.recorder) {
            let recorder = replayBudget.map { Recorder(capacity: 1_000, reducer: Self.reducer, replayBudget: $0) }
                ?? Recorder(capacity: 1_000, reducer: Self.reducer)
            middleware = (middleware <> recorder.middleware).eraseToAnyMiddleware()
        }
        store = ReduxStoreBase(initialState: initialState, reducer: Self.reducer, middleware: middleware)
        if modules.contains(.rows) {
            let callbacks = callbacks
            for id in store.state.todos.ids.prefix(50) {
                let row = store.rowProjection(id: id, in: \State.todos, action: Action.todo) { (todo: Todo) in
                    RowView(title: todo.title, done: todo.done)
                }!
                tokens.append(row.subscribe { _ in callbacks.count += 1 })
            }
        }
    }

    deinit {
        tokens.removeAll()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Toggles the items with the next `actions` ids, waits for the logger to write its last
    /// entry, and checks some of the items.
    public func run(actions: Int) {
        let store = store
        schedule.run(actions: actions, toggle: { store.dispatch(.todo(ElementIDAction(id: $0, action: .toggle))) }) {
            let todos = store.state.todos
            return { todos[id: $0]?.done }
        }
        logger?.flush()
    }

    /// Saves what the persistence middleware holds, and returns once it is written: for the
    /// instruction counter, so that the save a process leaves behind when it exits is in every
    /// count, not in some.
    public func finish() async {
        await persistence?.flush()
    }
}
