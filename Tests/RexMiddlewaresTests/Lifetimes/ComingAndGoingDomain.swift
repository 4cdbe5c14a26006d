import RexCore
import RexMiddlewares

/// A screen of rows, a dictionary of drafts, a detail and a two-case screen: every kind of part
/// that comes and goes, each with a feature that watches it in a long-running effect.
struct Watched: Identifiable, Equatable, Sendable {
    let id: Int
    var edits = 0
}

enum WatchAction: Equatable, Sendable {
    /// Starts the effect that runs until its state goes (cancellable by the part's id).
    case watch
    /// What the effect sends when it ends: must never reach the reducer once its state went.
    case tick
    case edit
}

/// A screen that is either a list or watching one item: its case's payload is a part that
/// comes and goes through `watching`.
enum Screen: Equatable, Sendable {
    case list
    case watching(Watched)

    var watching: Watched? {
        get {
            guard case .watching(let watched) = self else { return nil }
            return watched
        }
        set {
            guard let newValue, case .watching = self else { return }
            self = .watching(newValue)
        }
    }
}

struct ComingAndGoingState: Equatable, Sendable {
    var rows: IdentifiedArrayOf<Watched> = []
    var drafts: [String: Watched] = [:]
    var detail: Watched?
    var screen = Screen.list
    /// Every `tick` that reached the reducer.
    var ticks = 0
}

enum ComingAndGoingAction: Equatable, Sendable {
    case row(ElementIDAction<Int, WatchAction>)
    case draft(ElementIDAction<String, WatchAction>)
    case detail(WatchAction)
    case screen(WatchAction)
    case addRow(Int)
    case removeRow(Int)
    case addDraft(String)
    case removeDraft(String)
    case open(Int)
    case close
    case enterWatching(Int)
    case leave
    case nothing

    var row: ElementIDAction<Int, WatchAction>? {
        guard case .row(let action) = self else { return nil }
        return action
    }
    var draft: ElementIDAction<String, WatchAction>? {
        guard case .draft(let action) = self else { return nil }
        return action
    }
    var detail: WatchAction? {
        guard case .detail(let action) = self else { return nil }
        return action
    }
    var screen: WatchAction? {
        guard case .screen(let action) = self else { return nil }
        return action
    }

    /// The feature's action inside, whichever part it is for.
    var watchAction: WatchAction? {
        row?.action ?? draft?.action ?? detail ?? screen
    }
}

let watchedReducer = Reducer<WatchAction, Watched>.reduce { action, watched in
    if case .edit = action { watched.edits += 1 }
}

let comingAndGoingReducer =
    Reducer<ComingAndGoingAction, ComingAndGoingState>.reduce { action, state in
        if action.watchAction == .tick { state.ticks += 1 }
        switch action {
        case .addRow(let id): state.rows.append(Watched(id: id))
        case .removeRow(let id): state.rows.remove(id: id)
        case .addDraft(let key): state.drafts[key] = Watched(id: key.count)
        case .removeDraft(let key): state.drafts[key] = nil
        case .open(let id): state.detail = Watched(id: id)
        case .close: state.detail = nil
        case .enterWatching(let id): state.screen = .watching(Watched(id: id))
        case .leave: state.screen = .list
        default: break
        }
    }
    <> watchedReducer.liftToCollection(action: \ComingAndGoingAction.row, stateCollection: \ComingAndGoingState.rows)
    <> watchedReducer.liftToCollection(action: \ComingAndGoingAction.draft, stateCollection: \ComingAndGoingState.drafts)
    <> watchedReducer.liftOptional(action: \ComingAndGoingAction.detail, state: \ComingAndGoingState.detail)
    <> watchedReducer.liftOptional(action: \ComingAndGoingAction.screen, state: \ComingAndGoingState.screen.watching)

/// What the watching effects did, in order: "start <part>", "end <part>".
typealias WatchEvents = AsyncStream<String>

/// The feature's effects: `watch` runs until cancelled, then says so and sends `tick`.
func watchEffects(part: @escaping @Sendable (Watched) -> String, events: WatchEvents.Continuation)
    -> EffectMiddleware<WatchAction, WatchAction, Watched, Void>
{
    EffectMiddleware<WatchAction, WatchAction, Watched, Void>.onAction { action, _, state in
        guard case .watch = action else { return .doNothing }
        let name = part(state())
        return Effect.run { context in
            events.yield("start \(name)")
            // Waits for cancellation, however long: a sleep that cancellation ends.
            try? await Task.sleep(for: .seconds(86_400))
            context.send(.tick)
            events.yield("end \(name)")
        }
        .cancellable(name)
    }
}
