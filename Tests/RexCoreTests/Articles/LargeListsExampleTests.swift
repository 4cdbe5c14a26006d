import RexCore
import RexTestSupport
import Testing

@Suite("The Large lists article")
struct LargeListsExampleTests {
    final class Store: ReduxStoreBase<ChoresAction, ChoresState>, @unchecked Sendable {}

    @Test("Its reducer adds, loads and changes chores by id; its rows follow them; its batch notifies once")
    func example() {
        let store = Store(initialState: ChoresState(), reducer: choresReducer)
        store.dispatch(.load([Chore(id: 1, title: "Dishes"), Chore(id: 2, title: "Laundry")]))
        store.dispatch(.add("Plants"))
        let tokens = showRows(of: store)
        #expect(tokens.count == 3)

        let row = store.rowProjection(id: 2, in: \ChoresState.chores, action: ChoresAction.chore) { (chore: Chore) in
            ChoreRow(title: chore.title, done: chore.done)
        }!
        let seen = Recorder<ChoreRow>()
        let token = row.subscribe { seen.record($0) }
        row.dispatch(.toggle)
        apply([ElementIDAction(id: 2, action: .rename("Ironing")), ElementIDAction(id: 3, action: .toggle)], to: store)
        #expect(seen.values == [
            ChoreRow(title: "Laundry", done: false),
            ChoreRow(title: "Laundry", done: true),
            ChoreRow(title: "Ironing", done: true),
        ])
        #expect(store.state.chores.elements == [
            Chore(id: 1, title: "Dishes"), Chore(id: 2, title: "Ironing", done: true), Chore(id: 3, title: "Plants", done: true),
        ])
        withExtendedLifetime((tokens, token)) {}
    }
}
