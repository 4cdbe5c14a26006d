import RexCore
import RexTestSupport
import Testing

@Suite("Lifting to an IdentifiedArray")
struct IdentifiedArrayLiftTests {
    enum RowAction: Equatable, Sendable {
        case toggle
        case rename(String)
        case announce
    }

    enum ListAction: Equatable, Sendable {
        case row(ElementIDAction<Int, RowAction>)
        case remove(Int)
        case moveToFront(Int)

        var row: ElementIDAction<Int, RowAction>? {
            if case .row(let action) = self { return action }
            return nil
        }
    }

    struct ListState: Equatable, Sendable {
        var rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 3, title: "c")]
    }

    static let rowReducer = Reducer<RowAction, Row>.reduce { action, row in
        switch action {
        case .toggle: row.done.toggle()
        case .rename(let title): row.title = title
        case .announce: break
        }
    }

    static let listReducer = rowReducer.liftToCollection(action: \ListAction.row, stateCollection: \ListState.rows)
        <> Reducer<ListAction, ListState>.reduce { action, state in
            switch action {
            case .remove(let id): state.rows.remove(id: id)
            case .moveToFront(let id):
                if let position = state.rows.index(id: id) { state.rows.move(fromOffsets: [position], toOffset: 0) }
            case .row: break
            }
        }

    @Test("A row action reaches the element with its id, after moves too; a missing id changes nothing")
    func reducerByID() {
        var state = ListState()
        Self.listReducer.reduce(.row(ElementIDAction(id: 2, action: .toggle)), &state)
        #expect(state.rows[id: 2]?.done == true)
        Self.listReducer.reduce(.moveToFront(3), &state)
        Self.listReducer.reduce(.row(ElementIDAction(id: 3, action: .rename("first"))), &state)
        #expect(state.rows.elements.map(\.title) == ["first", "a", "b"])
        let before = state
        Self.listReducer.reduce(.row(ElementIDAction(id: 42, action: .toggle)), &state)
        #expect(state == before)
    }

    @Test("In a store, a row action after its row was removed, in the same chain, is skipped")
    func removedMidChain() {
        final class Store: ReduxStoreBase<ListAction, ListState>, @unchecked Sendable {}
        let store = Store(initialState: ListState(), reducer: Self.listReducer)
        store.dispatch(.row(ElementIDAction(id: 1, action: .toggle)))
        store.dispatch(.remove(1))
        store.dispatch(.row(ElementIDAction(id: 1, action: .toggle)))
        store.dispatch(.row(ElementIDAction(id: 2, action: .toggle)))
        #expect(store.state.rows.ids == [2, 3])
        #expect(store.state.rows[id: 2]?.done == true)
    }

    struct Announcer: MiddlewareProtocol {
        func handle(action: RowAction, from dispatcher: ActionSource, state: @escaping GetState<Row>) -> IO<String> {
            guard action == .announce else { return .pure() }
            return IO { output in output.dispatch("\(state().title) done: \(state().done)") }
        }
    }

    @Test("A lifted middleware sees its row by id, wraps what it sends in that id, and skips missing ids")
    func middlewareByID() {
        let lifted = Announcer().liftToCollection(
            inputAction: \ListAction.row,
            outputAction: { (sent: ElementIDAction<Int, String>) in "\(sent.id): \(sent.action)" },
            state: \ListState.rows
        )
        var state = ListState()
        state.rows[id: 3]?.done = true
        let sent = Recorder<String>()
        let current = state
        lifted.handle(action: .row(ElementIDAction(id: 3, action: .announce)), from: .here(), state: { current })
            .run(sent.output)
        lifted.handle(action: .row(ElementIDAction(id: 9, action: .announce)), from: .here(), state: { current })
            .run(sent.output)
        #expect(sent.values == ["3: c done: true"])
    }

    @Test("A lifted middleware whose row is removed before its IO runs sees the row as it last was")
    func middlewareRowRemoved() {
        let lifted = Announcer().liftToCollection(
            inputAction: \ListAction.row,
            outputAction: { (sent: ElementIDAction<Int, String>) in sent.action },
            state: \ListState.rows
        )
        let state = Recorder<ListState>()
        state.record(ListState())
        let io = lifted.handle(action: .row(ElementIDAction(id: 2, action: .announce)), from: .here(), state: { state.values.last! })
        var emptied = ListState()
        emptied.rows.removeAll()
        state.record(emptied)
        let sent = Recorder<String>()
        io.run(sent.output)
        #expect(sent.values == ["b done: false"])
    }
}
