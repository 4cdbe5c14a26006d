// Compiled in Swift 5 language mode, as an app moving over from SwiftRex 0.8 compiles first.
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
