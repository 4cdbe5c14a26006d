// The code of the article "Features that come and go", compiled here and exercised in
// ComingAndGoingArticleTests; DocumentationCodeTests checks that the article quotes it as it is.
import RexCore
import RexMiddlewares

struct Item: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
}

struct ItemDetail: Equatable, Sendable {
    let itemID: Int
    var comments: [String] = []
}

enum DetailAction: Equatable, Sendable {
    case load
    case loaded([String])
}

let detailReducer = Reducer<DetailAction, ItemDetail>.reduce { action, detail in
    if case .loaded(let comments) = action { detail.comments = comments }
}

/// Where the comments come from.
struct CommentsAPI: Sendable {
    let comments: @Sendable (Int) async -> [String]
}

let detailEffects = EffectMiddleware<DetailAction, DetailAction, ItemDetail, CommentsAPI>.onAction { action, _, state in
    guard case .load = action else { return .doNothing }
    let itemID = state().itemID
    return .run { context in
        let comments = await context.dependencies.comments(itemID)
        context.send(.loaded(comments))
    }
}

enum Session: Equatable, Sendable {
    case loggedOut
    case loggedIn(user: String, unread: Int)

    var unread: Int? {
        get {
            guard case .loggedIn(_, let unread) = self else { return nil }
            return unread
        }
        set {
            guard let newValue, case .loggedIn(let user, _) = self else { return }
            self = .loggedIn(user: user, unread: newValue)
        }
    }
}

enum InboxAction: Equatable, Sendable {
    case received
}

let inboxReducer = Reducer<InboxAction, Int>.reduce { _, unread in unread += 1 }

struct ShelfState: Equatable, Sendable {
    var items: IdentifiedArrayOf<Item> = []
    var detail: ItemDetail?
    var drafts: [Int: ItemDetail] = [:]
    var session = Session.loggedOut
}

enum ShelfAction: Equatable, Sendable {
    case open(Int)
    case close
    case detail(DetailAction)
    case draft(ElementIDAction<Int, DetailAction>)
    case startDraft(Int)
    case discardDraft(Int)
    case logIn(String)
    case logOut
    case inbox(InboxAction)

    var detail: DetailAction? {
        guard case .detail(let action) = self else { return nil }
        return action
    }
    var draft: ElementIDAction<Int, DetailAction>? {
        guard case .draft(let action) = self else { return nil }
        return action
    }
    var inbox: InboxAction? {
        guard case .inbox(let action) = self else { return nil }
        return action
    }
}

let shelfReducer =
    Reducer<ShelfAction, ShelfState>.reduce { action, state in
        switch action {
        case .open(let id): state.detail = ItemDetail(itemID: id)
        case .close: state.detail = nil
        case .startDraft(let id): state.drafts[id] = ItemDetail(itemID: id)
        case .discardDraft(let id): state.drafts[id] = nil
        case .logIn(let user): state.session = .loggedIn(user: user, unread: 0)
        case .logOut: state.session = .loggedOut
        case .detail, .draft, .inbox: break
        }
    }
    <> detailReducer.liftOptional(action: \ShelfAction.detail, state: \ShelfState.detail)
    <> detailReducer.liftToCollection(action: \ShelfAction.draft, stateCollection: \ShelfState.drafts)
    <> inboxReducer.liftOptional(action: \ShelfAction.inbox, state: \ShelfState.session.unread)

func makeShelfMiddleware(api: CommentsAPI) -> some MiddlewareProtocol<ShelfAction, ShelfAction, ShelfState> & EffectRunning {
    detailEffects.inject(api).liftOptional(
        inputAction: \ShelfAction.detail,
        outputAction: ShelfAction.detail,
        state: \ShelfState.detail
    )
    <> detailEffects.inject(api).liftToCollection(
        inputAction: \ShelfAction.draft,
        outputAction: ShelfAction.draft,
        state: \ShelfState.drafts
    )
}

/// Tells a server who is looking at which item.
struct PresenceService: Sendable {
    let enter: @Sendable (Int) -> Void
    let leave: @Sendable (Int) -> Void
}

/// Says the user is looking at the item while its detail is open: a plain middleware that
/// learns from its output's lifetime when the detail has gone.
struct PresenceMiddleware: MiddlewareProtocol {
    let presence: PresenceService

    func handle(action: DetailAction, from dispatcher: ActionSource, state: @escaping GetState<ItemDetail>) -> IO<DetailAction> {
        guard case .load = action else { return .pure() }
        return IO { output in
            let itemID = state().itemID
            presence.enter(itemID)
            output.lifetime?.onEnd { presence.leave(itemID) }
        }
    }
}
