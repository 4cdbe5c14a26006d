import RexCore

// The code of the "Large lists" article, as it shows it; LargeListsExampleTests runs it.

struct Chore: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var done = false
}

enum ChoreAction: Equatable, Sendable {
    case toggle
    case rename(String)
}

enum ChoresAction: Sendable {
    case chore(ElementIDAction<Int, ChoreAction>)
    case add(String)
    case load([Chore])

    var chore: ElementIDAction<Int, ChoreAction>? {
        if case .chore(let action) = self { return action }
        return nil
    }
}

struct ChoresState: Equatable, Sendable {
    var chores: IdentifiedArrayOf<Chore> = []
}

let choreReducer = Reducer<ChoreAction, Chore>.reduce { action, chore in
    switch action {
    case .toggle: chore.done.toggle()
    case .rename(let title): chore.title = title
    }
}

let choresReducer = choreReducer.liftToCollection(action: \ChoresAction.chore, stateCollection: \ChoresState.chores)
    <> Reducer<ChoresAction, ChoresState>.reduce { action, state in
        switch action {
        case .add(let title): state.chores.append(Chore(id: state.chores.count + 1, title: title))
        case .load(let chores): state.chores = IdentifiedArray(uniqueElements: chores)
        case .chore: break
        }
    }

struct ChoreRow: Equatable, Sendable {
    let title: String
    let done: Bool
}

func showRows(of store: ReduxStoreBase<ChoresAction, ChoresState>) -> [SubscriptionToken] {
    store.state.chores.ids.compactMap { id in
        let row = store.rowProjection(
            id: id,
            in: \ChoresState.chores,
            action: ChoresAction.chore,
            state: { (chore: Chore) in ChoreRow(title: chore.title, done: chore.done) }
        )
        return row?.subscribe { choreRow in
            print("row \(id): \(choreRow.done ? "[x]" : "[ ]") \(choreRow.title)")
        }
    }
}

func apply(_ events: [ElementIDAction<Int, ChoreAction>], to store: ReduxStoreBase<ChoresAction, ChoresState>) {
    store.dispatch(contentsOf: events.map(ChoresAction.chore))
}
