// Compiled in Swift 5 language mode, as an app moving over from SwiftRex 0.8 compiles first.
import Foundation
import RexCore
import RexTestSupport
import Testing

@Suite("SwiftRex 0.8 spellings: lifting to collections")
struct LiftToCollectionSpellingTests {
    struct Todo: Identifiable, Equatable, Sendable {
        let id: String
        var done = false
    }

    enum TodoAction: Equatable, Sendable { case toggle, announce, announced(String) }

    enum AppAction: Equatable, Sendable {
        case todo(ElementIDAction<String, TodoAction>)
        case row(ElementIndexAction<Int, TodoAction>)
        case other

        /// Read and written, as SwiftRex's `liftToCollection(action:stateCollection:)` needs.
        var todo: ElementIDAction<String, TodoAction>? {
            get {
                if case .todo(let action) = self { return action }
                return nil
            }
            set {
                if let newValue { self = .todo(newValue) }
            }
        }

        var row: ElementIndexAction<Int, TodoAction>? {
            if case .row(let action) = self { return action }
            return nil
        }
    }

    struct AppState: Equatable, Sendable {
        var todos = [Todo(id: "a"), Todo(id: "b", done: true)]
    }

    /// Answers `announce` with the element's id and flag.
    struct Announcer: MiddlewareProtocol {
        func handle(action: TodoAction, from dispatcher: ActionSource, state: @escaping GetState<Todo>) -> IO<TodoAction> {
            guard action == .announce else { return .pure() }
            return IO { output in output.dispatch(.announced("\(state().id) \(state().done)")) }
        }
    }

    func sent<M: MiddlewareProtocol>(_ middleware: M, _ action: M.InputActionType, _ state: M.StateType) -> [M.OutputActionType]
    where M.OutputActionType: Sendable, M.StateType: Sendable {
        let recorder = Recorder<M.OutputActionType>()
        middleware.handle(action: action, from: .here(), state: { state }).run(recorder.output)
        return recorder.values
    }

    @Test("liftToCollection(inputAction:outputAction:state:) with closures reaches the element by id; a missing id is skipped")
    func closures() {
        let lifted: LiftToCollectionMiddleware<AppAction, AppAction, AppState, [Todo], Announcer> = Announcer().liftToCollection(
            inputAction: { (action: AppAction) in action.todo },
            outputAction: { AppAction.todo($0) },
            state: { (state: AppState) in state.todos }
        )
        #expect(sent(lifted, .todo(ElementIDAction(id: "b", action: .announce)), AppState()) == [.todo(ElementIDAction(id: "b", action: .announced("b true")))])
        #expect(sent(lifted, .todo(ElementIDAction(id: "z", action: .announce)), AppState()).isEmpty)
        #expect(sent(lifted, .other, AppState()).isEmpty)
    }

    @Test("liftToCollection(inputAction:outputAction:state:) with key paths does the same")
    func keyPaths() {
        let lifted = Announcer().liftToCollection(inputAction: \AppAction.todo, outputAction: AppAction.todo, state: \AppState.todos)
        #expect(sent(lifted, .todo(ElementIDAction(id: "a", action: .announce)), AppState()) == [.todo(ElementIDAction(id: "a", action: .announced("a false")))])
    }

    struct ListState: Equatable, Sendable {
        var todos: IdentifiedArrayOf<Todo> = [Todo(id: "a"), Todo(id: "b", done: true)]
    }

    @Test("liftToCollection(action:stateCollection:) on an identified array finds the element by id; a missing id is skipped")
    func writableKeyPathIdentifiedArray() {
        let lifted = Announcer().liftToCollection(action: \AppAction.todo, stateCollection: \ListState.todos)
        var moved = ListState()
        moved.todos.swapAt(0, 1)
        moved.todos[id: "a"]?.done = true
        #expect(sent(lifted, .todo(ElementIDAction(id: "a", action: .announce)), moved) == [.todo(ElementIDAction(id: "a", action: .announced("a true")))])
        #expect(sent(lifted, .todo(ElementIDAction(id: "z", action: .announce)), moved).isEmpty)
        #expect(sent(lifted, .other, moved).isEmpty)
    }

    @Test("liftToCollection(action:stateCollection:) reads the element's action and writes what it sends through one key path")
    func writableKeyPath() {
        let lifted = Announcer().liftToCollection(action: \AppAction.todo, stateCollection: \AppState.todos)
        #expect(sent(lifted, .todo(ElementIDAction(id: "b", action: .announce)), AppState()) == [.todo(ElementIDAction(id: "b", action: .announced("b true")))])
        #expect(sent(lifted, .other, AppState()).isEmpty)
    }

    @Test("The by-index form reaches the element at an index; an index outside the collection is skipped")
    func byIndex() {
        let lifted = Announcer().liftToCollection(
            inputAction: \AppAction.row,
            outputAction: { (sent: ElementIndexAction<Int, TodoAction>) in AppAction.row(sent) },
            state: \AppState.todos
        )
        #expect(sent(lifted, .row(ElementIndexAction(index: 1, action: .announce)), AppState()) == [.row(ElementIndexAction(index: 1, action: .announced("b true")))])
        #expect(sent(lifted, .row(ElementIndexAction(index: 2, action: .announce)), AppState()).isEmpty)
        #expect(sent(lifted, .row(ElementIndexAction(index: -1, action: .announce)), AppState()).isEmpty)
    }

    @Test("liftToCollection(inputAction:outputAction:state:) with $0 closures, typed by where the middleware goes")
    func shorthandClosures() {
        let erased: AnyMiddleware<AppAction, AppAction, AppState> = Announcer()
            .liftToCollection(inputAction: { $0.todo }, outputAction: { .todo($0) }, state: { $0.todos })
            .eraseToAnyMiddleware()
        #expect(sent(erased, .todo(ElementIDAction(id: "a", action: .announce)), AppState()) == [.todo(ElementIDAction(id: "a", action: .announced("a false")))])
        #expect(sent(erased, .todo(ElementIDAction(id: "z", action: .announce)), AppState()).isEmpty)
    }

    @Test("The by-index form takes an enum case as outputAction, as the by-id form does")
    func byIndexEnumCase() {
        let lifted = Announcer().liftToCollection(inputAction: \AppAction.row, outputAction: AppAction.row, state: \AppState.todos)
        #expect(sent(lifted, .row(ElementIndexAction(index: 0, action: .announce)), AppState()) == [.row(ElementIndexAction(index: 0, action: .announced("a false")))])
    }

    /// A global action that is a struct: what the element's middleware sends is written into a
    /// copy of the action it handled, so the other fields come back unchanged.
    struct TaggedAction: Equatable, Sendable {
        var todo: ElementIDAction<String, TodoAction>?
        var tag: String
    }

    @Test("liftToCollection(action:stateCollection:) sends the handled action with the element's output written at the key path")
    func writesIntoCopyOfHandledAction() {
        let lifted: LiftToCollectionMiddleware<TaggedAction, TaggedAction, AppState, [Todo], Announcer> =
            Announcer().liftToCollection(action: \TaggedAction.todo, stateCollection: \AppState.todos)
        let handled = TaggedAction(todo: ElementIDAction(id: "b", action: .announce), tag: "from the list")
        #expect(sent(lifted, handled, AppState()) == [TaggedAction(todo: ElementIDAction(id: "b", action: .announced("b true")), tag: "from the list")])
        #expect(sent(lifted, TaggedAction(todo: nil, tag: "none"), AppState()).isEmpty)
    }

    @Test("The element's state() follows its element by id, moved or changed; once it is removed, gives it as it was when the action was handled")
    func stateFollowsElement() {
        let lifted = Announcer().liftToCollection(inputAction: \AppAction.todo, outputAction: AppAction.todo, state: \AppState.todos)
        let current = Recorder<AppState>()
        current.record(AppState())
        let io = lifted.handle(action: .todo(ElementIDAction(id: "a", action: .announce)), from: .here(), state: { current.values.last! })
        let recorder = Recorder<AppAction>()

        current.record(AppState(todos: [Todo(id: "b"), Todo(id: "a", done: true)]))
        io.run(recorder.output)
        current.record(AppState(todos: [Todo(id: "b")]))
        io.run(recorder.output)
        #expect(recorder.values == [
            .todo(ElementIDAction(id: "a", action: .announced("a true"))),
            .todo(ElementIDAction(id: "a", action: .announced("a false"))),
        ])
    }

    @Test("Reducer.liftToCollection(action:stateCollection:) by id, joined with <>, changes the element of that id; a missing id changes nothing")
    func reducerByID() {
        let todoReducer = Reducer<TodoAction, Todo>.reduce { action, todo in
            if action == .toggle { todo.done.toggle() }
        }
        let appReducer = todoReducer.liftToCollection(action: \AppAction.todo, stateCollection: \AppState.todos)
            <> Reducer<AppAction, AppState>.reduce { action, state in
                if action == .other { state.todos.append(Todo(id: "c")) }
            }
        var state = AppState()
        appReducer.reduce(.todo(ElementIDAction(id: "b", action: .toggle)), &state)
        appReducer.reduce(.other, &state)
        appReducer.reduce(.todo(ElementIDAction(id: "c", action: .toggle)), &state)
        appReducer.reduce(.todo(ElementIDAction(id: "z", action: .toggle)), &state)
        #expect(state.todos == [Todo(id: "a"), Todo(id: "b", done: false), Todo(id: "c", done: true)])
    }

    @Test("Reducer.liftToCollection(action:stateCollection:) by index changes the element at that index; an index outside is skipped")
    func reducerByIndex() {
        let todoReducer = Reducer<TodoAction, Todo>.reduce { action, todo in
            if action == .toggle { todo.done.toggle() }
        }
        let appReducer = todoReducer.liftToCollection(action: \AppAction.row, stateCollection: \AppState.todos)
        var state = AppState()
        appReducer.reduce(.row(ElementIndexAction(index: 0, action: .toggle)), &state)
        appReducer.reduce(.row(ElementIndexAction(index: 2, action: .toggle)), &state)
        appReducer.reduce(.row(ElementIndexAction(index: -1, action: .toggle)), &state)
        appReducer.reduce(.todo(ElementIDAction(id: "b", action: .toggle)), &state)
        #expect(state.todos == [Todo(id: "a", done: true), Todo(id: "b", done: true)])
    }

    @Test("ElementIDAction is Identifiable by its element's id, and both element actions are Codable")
    func elementActionConformances() throws {
        func ids<Items: Sequence>(_ items: Items) -> [Items.Element.ID] where Items.Element: Identifiable { items.map(\.id) }
        #expect(ids([ElementIDAction(id: "b", action: TodoAction.toggle), ElementIDAction(id: "a", action: .toggle)]) == ["b", "a"])

        let byID = ElementIDAction(id: "b", action: 7)
        let byIndex = ElementIndexAction(index: 3, action: "x")
        let decodedByID = try JSONDecoder().decode(ElementIDAction<String, Int>.self, from: JSONEncoder().encode(byID))
        let decodedByIndex = try JSONDecoder().decode(ElementIndexAction<Int, String>.self, from: JSONEncoder().encode(byIndex))
        #expect(decodedByID == byID)
        #expect(decodedByIndex == byIndex)
    }

    struct Tag: Equatable, Sendable {
        var name: String
        var uses = 0
    }

    enum TagAction: Equatable, Sendable { case use }
    enum TagsAction: Equatable, Sendable {
        case tag(ElementIDAction<String, TagAction>)
        var tag: ElementIDAction<String, TagAction>? {
            if case .tag(let action) = self { return action }
            return nil
        }
    }
    struct TagsState: Equatable, Sendable { var tags = [Tag(name: "swift"), Tag(name: "rex")] }

    @Test("Reducer.liftToCollection(action:stateCollection:identifier:) finds elements by a key path, not Identifiable")
    func reducerIdentifier() {
        let tagReducer = Reducer<TagAction, Tag>.reduce { _, tag in tag.uses += 1 }
        let lifted = tagReducer.liftToCollection(action: \TagsAction.tag, stateCollection: \TagsState.tags, identifier: \Tag.name)
        var state = TagsState()
        lifted.reduce(.tag(ElementIDAction(id: "rex", action: .use)), &state)
        lifted.reduce(.tag(ElementIDAction(id: "rex", action: .use)), &state)
        lifted.reduce(.tag(ElementIDAction(id: "none", action: .use)), &state)
        #expect(state.tags == [Tag(name: "swift"), Tag(name: "rex", uses: 2)])
    }
}
