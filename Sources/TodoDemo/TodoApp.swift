import Foundation
import RexCore
import RexDevTools
import RexMiddlewares

/// The to-do app: its store, built the way the docs teach, and the commands a user types.
public final class TodoApp: Sendable {
    /// The store of the whole app.
    public let store: ReduxStoreBase<AppAction, AppState>
    private let persistence: PersistenceMiddleware<AppAction, AppState, IdentifiedArrayOf<TodoItem>>
    private let listView: StoreProjection<ListAction, String>
    private let rows: TodoRows
    /// The last 1,000 turns, for `export`.
    private let recorder = Recorder(capacity: 1_000, reducer: appReducer)
    private let statusView: StoreProjection<Never, String>
    /// Sets aside a file whose load stopped the last launch.
    private let loadGuard: LoadGuard

    /// The effects of the open detail and of the items' reminders.
    private let effects: any EffectRunning

    /// Returns once the detail's and the reminders' effects have ended: at once when no detail
    /// is open and no reminder waits.
    public func waitForEffects() async {
        await effects.waitForEffects()
    }

    /// Creates the app; the logger appends to `logFile`.
    public init(world: TodoWorld, logFile: URL) {
        let persistence = makePersistence(world)
        // Autosave is in the state: the reducer keeps `persistedItems` as the list while it is
        // on, and the middleware saves `persistedItems` whenever it changes.
        // The detail's effect lives while the detail is open; each reminder while its item is there.
        let detail = makeDetailEffects(world).liftOptional(
            inputAction: \AppAction.detail, outputAction: AppAction.detail, state: \AppState.detail)
        let reminders = makeReminders(world).liftToCollection(
            inputAction: { (action: AppAction) in action.list?.item },
            outputAction: { AppAction.list(.item($0)) },
            state: \AppState.list.items
        )
        let middleware = persistence <> recorder.middleware <> detail <> reminders
        store = ReduxStoreBase(
            initialState: AppState(),
            reducer: appReducer,
            // The log says what each command did to the list; what undo and redo would do next
            // is on the screen. (The history shows only its step names and counts anyway: see
            // UndoHistory.customMirror.)
            middleware: middleware.logger(actionFormat: .name, stateChange: .fieldDiff(hiding: [".history"]), destination: .file(path: logFile.path))
        )
        self.persistence = persistence
        effects = detail <> reminders
        loadGuard = LoadGuard(file: world.file)
        listView = store.projection(action: AppAction.list, state: TodoApp.header)
        rows = TodoRows(store: store)
        statusView = store.projection(action: absurd, state: { state in
            let saving = state.autosave ? "autosave on" : "autosave off"
            let message = state.message.flatMap { $0.isEmpty ? nil : "\n\($0)" } ?? ""
            return "\(TodoApp.fileStatus(state)) · \(saving)" + message
        })
    }

    /// The list's heading, and what an empty list says.
    static func header(_ state: AppState) -> String {
        let left = state.list.items.count { !$0.done }
        let heading = "== To do (\(left) left) =="
        return state.list.items.isEmpty ? heading + "\n   (nothing yet: type `add <title>`)" : heading
    }

    /// What the status line says of the file: never "saved" or "loaded" while the list differs
    /// from what the file holds.
    static func fileStatus(_ state: AppState) -> String {
        let status = state.persistence.status
        let claimsInSync = status.hasPrefix("saved") || status.hasPrefix("loaded")
        return state.hasUnsavedChanges && claimsInSync ? "unsaved changes (type `save`)" : status
    }

    /// Loads the saved list; first sets it aside if loading it stopped the last launch.
    public func start() async {
        let told = loadGuard.begin()
        await store.dispatchAndWait(.persistence(.load))
        // The load runs on the middleware's queue, and its result is dispatched from there:
        // a flush, queued after it, returns once it has.
        await persistence.flush()
        loadGuard.end()
        if let told {
            await store.dispatchAndWait(.say(told))
        }
    }

    /// Runs one command line and returns the screen to show, or `nil` for `quit`.
    public func perform(_ line: String) async -> String? {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        let argument = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        await store.dispatchAndWait(.say(""))
        switch words.first?.lowercased() ?? "" {
        case "": return screen()
        case "quit", "exit": return nil
        case "help": await store.dispatchAndWait(.say(Self.help))
        case "add" where argument.isEmpty:
            await store.dispatchAndWait(.say("`add` needs a title, as in `add Buy milk`."))
        case "add": listView.dispatch(.add(argument))
        case "done" where argument.isEmpty, "rm" where argument.isEmpty:
            await store.dispatchAndWait(.say("`\(words[0].lowercased())` needs the number shown before an item, as in `\(words[0].lowercased()) 2`."))
        case "done" where argument.contains(" "):
            // Several items: one step, which one `undo` takes back.
            let ids = store.state.list.items.ids
            let positions = argument.split(separator: " ").map { Int($0) }
            guard let bad = zip(argument.split(separator: " "), positions).first(where: { $1.map { !ids.indices.contains($0 - 1) } ?? true })?.0 else {
                store.dispatch(.history(.beginGroup("done \(argument)")))
                for position in positions.compactMap({ $0 }) {
                    rows.row(ids[position - 1])?.dispatch(.toggle)
                }
                await store.dispatchAndWait(.history(.endGroup))
                break
            }
            await store.dispatchAndWait(.say("There is no item `\(bad)`: give the numbers shown before the items."))
        case "done", "rm":
            let ids = store.state.list.items.ids
            guard let position = Int(argument), ids.indices.contains(position - 1) else {
                await store.dispatchAndWait(.say("There is no item `\(argument)`: give the number shown before an item."))
                break
            }
            if words[0].lowercased() == "done" {
                rows.row(ids[position - 1])?.dispatch(.toggle)
            } else {
                listView.dispatch(.remove(position: position))
            }
        case "open", "remind":
            let parts = argument.split(separator: " ").map(String.init)
            let ids = store.state.list.items.ids
            guard let position = parts.first.flatMap({ Int($0) }), ids.indices.contains(position - 1) else {
                await store.dispatchAndWait(.say("`\(words[0].lowercased())` needs the number shown before an item, as in `\(words[0].lowercased() == "open" ? "open 2" : "remind 2 10s")`."))
                break
            }
            let id = ids[position - 1]
            if words[0].lowercased() == "open" {
                await store.dispatchAndWait(.open(id))
                await store.dispatchAndWait(.detail(.watch))
            } else if parts.count == 2, let seconds = Int(parts[1].hasSuffix("s") ? String(parts[1].dropLast()) : parts[1]), seconds > 0 {
                await store.dispatchAndWait(.list(.item(ElementIDAction(id: id, action: .remind(seconds: seconds)))))
                await store.dispatchAndWait(.say("I will remind you of item \(position) in \(seconds) s, unless it is removed."))
            } else {
                await store.dispatchAndWait(.say("`remind` needs a number of seconds after the item, as in `remind 2 10s`."))
            }
        case "close": await store.dispatchAndWait(.close)
        case "undo" where !store.state.history.canUndo:
            await store.dispatchAndWait(.say("Nothing to undo."))
        case "undo": await store.dispatchAndWait(.history(.undo))
        case "redo" where !store.state.history.canRedo:
            await store.dispatchAndWait(.say("Nothing to redo."))
        case "redo": await store.dispatchAndWait(.history(.redo))
        case "clear": listView.dispatch(.clearDone)
        case "autosave" where ["on", "off"].contains(argument):
            await store.dispatchAndWait(.autosave(argument == "on" ? .turnOn : .turnOff))
        case "autosave":
            await store.dispatchAndWait(.say("`autosave` needs on or off, as in `autosave off`."))
        case "save":
            await store.dispatchAndWait(.persistence(.save))
            await persistence.flush()
            if store.state.hasUnsavedChanges {
                await store.dispatchAndWait(.say("Not saved: \(store.state.persistence.status)."))
            }
        case "export" where argument.isEmpty:
            await store.dispatchAndWait(.say("`export` needs a file name, as in `export session.json`."))
        case "export": await store.dispatchAndWait(.say(export(to: argument)))
        default:
            await store.dispatchAndWait(.say("Unknown command `\(line)`. Type `help` for the commands."))
        }
        // A terminal shows the screen after each command: save now rather than 50 ms later.
        await persistence.flush()
        return screen()
    }

    /// Ends the session: saves what is not saved yet, whatever autosave says, and returns what
    /// to tell the user, and whether the list is saved.
    public func quit() async -> Farewell {
        guard store.state.hasUnsavedChanges else { return Farewell(message: "Bye.", isSaved: true) }
        await store.dispatchAndWait(.persistence(.save))
        await persistence.flush()
        if store.state.hasUnsavedChanges {
            return Farewell(message: "\(Self.notSaved(store.state)) (\(store.state.persistence.status)). Quit without it.", isSaved: false)
        }
        let count = store.state.list.items.count
        return Farewell(message: "Saved \(count) item\(count == 1 ? "" : "s") before quitting. Bye.", isSaved: true)
    }

    /// What was not saved: `1 item was not saved`, or `Your changes were not saved` when no item
    /// is new or changed (items were removed).
    ///
    /// - Complexity: O(*n*) in the number of items.
    static func notSaved(_ state: AppState) -> String {
        let saved = Dictionary((state.persistence.savedItems ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let count = state.list.items.count { saved[$0.id] != $0 }
        return count == 0 ? "Your changes were not saved" : "\(count) item\(count == 1 ? " was" : "s were") not saved"
    }

    /// Writes the recorded session to `path`, and returns what to tell the user.
    func export(to path: String) -> String {
        guard let session = recorder.session(appName: "rex-demo", appVersion: "1") else { return "Nothing to export yet." }
        do {
            try session.jsonData().write(to: URL(fileURLWithPath: path))
            return "Exported the last \(session.steps.count) steps to \(path)."
        } catch {
            return "Could not export to \(path): \(error.localizedDescription)"
        }
    }

    /// The screen: the heading, a line per item (each read from its row projection), then the
    /// status line.
    public func screen() -> String {
        let lines = store.state.list.items.ids.enumerated().compactMap { position, id in
            rows.row(id).map { row in
                String(format: "%2d. [%@] %@", position + 1, row.state.done ? "x" : " ", row.state.title)
            }
        }
        return ([listView.state] + lines + detailLine() + historyLine() + [statusView.state]).joined(separator: "\n")
    }

    /// What `undo` and `redo` would do, when either would do something.
    func historyLine() -> [String] {
        let history = store.state.history
        let steps = [history.undoName.map { "undo: \($0)" }, history.redoName.map { "redo: \($0)" }].compactMap { $0 }
        return steps.isEmpty ? [] : ["-- " + steps.joined(separator: " · ")]
    }

    /// The open detail's line, if a detail is open.
    func detailLine() -> [String] {
        let state = store.state
        guard let detail = state.detail, let position = state.list.items.index(id: detail.itemID) else { return [] }
        let title = state.list.items[position].title
        return ["-- Open: \(position + 1). \(title), for \(detail.secondsOpen) s (type `close`)"]
    }

    static let help = """
        Commands: add <title> · done <n> [<n>...] (marks them done, or not done again) · rm <n> ·
        clear (remove done items) · undo · redo · open <n> · close · remind <n> <seconds>s · save · autosave on|off ·
        export <file> (the session, for a bug report) · help · quit (saves what is not saved)
        """
}
