import Foundation
import RexCore
import RexMiddlewares
import RexTestSupport
import Testing

@Suite("Undo and redo")
struct UndoHistoryTests {
    typealias Domain = UndoDomain

    @Test("Each change makes a step; undo restores the part before it and redo the part after it, named for a menu")
    func undoAndRedo() {
        var state = Domain.state(after: [.add("milk"), .add("tea")])
        #expect(state.history.canUndo && !state.history.canRedo)
        #expect(state.history.undoName == "Add tea")
        let reducer = Domain.reducer()
        reducer.reduce(.history(.undo), &state)
        #expect(state.document.items == ["milk"])
        #expect(state.history.undoName == "Add milk" && state.history.redoName == "Add tea")
        reducer.reduce(.history(.undo), &state)
        #expect(state.document.items == [] && !state.history.canUndo)
        reducer.reduce(.history(.undo), &state)  // nothing left: nothing happens
        #expect(state.document.items == [])
        reducer.reduce(.history(.redo), &state)
        reducer.reduce(.history(.redo), &state)
        #expect(state.document.items == ["milk", "tea"] && !state.history.canRedo)
        #expect(state.history.undoSteps.map(\.name) == ["Add milk", "Add tea"])
    }

    @Test("An action that leaves the part as it was makes no step")
    func noChangeNoStep() {
        let state = Domain.state(after: [.setTitle(""), .history(.closeStep), .setTitle("")])
        #expect(!state.history.canUndo)
    }

    @Test("Actions of one key join the open step; another step, an undo or closeStep closes it")
    func joiningByKey() {
        var state = Domain.state(after: [.setTitle("r"), .setTitle("re"), .setTitle("rex")])
        #expect(state.history.undoSteps.map(\.name) == ["Typing"])
        let reducer = Domain.reducer()
        reducer.reduce(.history(.closeStep), &state)
        reducer.reduce(.setTitle("rex!"), &state)
        reducer.reduce(.add("milk"), &state)
        reducer.reduce(.setTitle("rex!?"), &state)
        #expect(state.history.undoSteps.map(\.name) == ["Typing", "Typing", "Add milk", "Typing"])
        reducer.reduce(.history(.undo), &state)
        reducer.reduce(.history(.undo), &state)
        reducer.reduce(.history(.undo), &state)
        #expect(state.document == Domain.Document(title: "rex", items: []))
        reducer.reduce(.history(.undo), &state)
        #expect(state.document.title == "")
    }

    @Test("An untracked change makes no step, and is undone with the step before it")
    func untracked() {
        var state = Domain.state(after: [.add("milk"), .addDraft("draft"), .select(0)])
        #expect(state.history.undoSteps.map(\.name) == ["Add milk"])
        Domain.reducer().reduce(.history(.undo), &state)
        #expect(state.document.items == [])
        #expect(state.selection == 0)  // outside the part: undo leaves it
    }

    @Test("A group makes one step of its changes, named by its outermost begin; an empty group makes none")
    func groups() {
        var state = Domain.state(after: [
            .history(.beginGroup("Paste")), .add("a"), .history(.beginGroup("Inner")), .add("b"), .setTitle("t"),
            .history(.endGroup), .add("c"), .history(.endGroup),
            .history(.beginGroup("Nothing")), .history(.endGroup),
            .add("d"),
        ])
        #expect(state.history.undoSteps.map(\.name) == ["Paste", "Add d"])
        let reducer = Domain.reducer()
        reducer.reduce(.history(.undo), &state)
        reducer.reduce(.history(.undo), &state)
        #expect(state.document == Domain.Document())
        reducer.reduce(.history(.endGroup), &state)  // an end with no group open changes nothing
        #expect(state.history.redoSteps.map(\.name) == ["Add d", "Paste"])
    }

    @Test("An undo inside a group undoes its step so far, and the group's next change makes a new step")
    func undoInsideGroup() {
        let state = Domain.state(after: [
            .history(.beginGroup("Paste")), .add("a"), .add("b"), .history(.undo), .add("c"), .history(.endGroup),
        ])
        #expect(state.document.items == ["c"])
        #expect(state.history.undoSteps.map(\.name) == ["Paste"])
    }

    @Test("A new change after an undo drops the steps to redo")
    func newChangeDropsRedo() {
        let state = Domain.state(after: [.add("milk"), .add("tea"), .history(.undo), .add("coffee")])
        #expect(!state.history.canRedo)
        #expect(state.history.undoSteps.map(\.name) == ["Add milk", "Add coffee"])
        let joined = Domain.state(after: [.setTitle("a"), .add("x"), .history(.undo), .setTitle("ab")])
        #expect(!joined.history.canRedo)
    }

    @Test("At its limit, the history drops its oldest step for each new one and keeps the rest in order")
    func limit() {
        let actions = (0..<50).map { Domain.Action.add("\($0)") }
        var state = Domain.state(after: actions, limit: 3)
        #expect(state.history.undoSteps.map(\.name) == ["Add 47", "Add 48", "Add 49"])
        let reducer = Domain.reducer(limit: 3)
        for _ in 0..<5 {
            reducer.reduce(.history(.undo), &state)
        }
        #expect(state.document.items == (0..<47).map { "\($0)" })
        #expect(state.history.redoSteps.map(\.name) == ["Add 49", "Add 48", "Add 47"])
    }

    @Test("Random adds, undos and redos at small limits keep the steps a model keeps, oldest first, through an encoding too", arguments: 1...5)
    func randomAgainstModel(limit: Int) throws {
        // The steps live in a ring that wraps round, grows while wrapped, and gives up its newest
        // across the wrap; a model of plain arrays says what each side holds.
        var random = SplitMix64(seed: UInt64(limit) * 7_919)
        let reducer = Domain.reducer(limit: limit)
        var state = Domain.State(history: UndoHistory(limit: limit))
        var undoModel: [[String]] = []  // the items before each step, oldest first
        var redoModel: [[String]] = []  // the items after each undone step, newest undone last
        for turn in 0..<400 {
            switch random.next() % 5 {
            case 0, 1, 2:
                undoModel.append(state.document.items)
                if undoModel.count > limit { undoModel.removeFirst() }
                redoModel.removeAll()
                reducer.reduce(.add("\(turn)"), &state)
            case 3:
                if let before = undoModel.popLast() {
                    redoModel.append(state.document.items)
                    #expect(before == Array(state.document.items.dropLast()))
                }
                reducer.reduce(.history(.undo), &state)
            default:
                if let after = redoModel.popLast() {
                    undoModel.append(state.document.items)
                    #expect(after.dropLast() == state.document.items[...])
                }
                reducer.reduce(.history(.redo), &state)
            }
            #expect(state.history.undoSteps.map(\.part.items) == undoModel)
            #expect(state.history.redoSteps.map(\.part.items) == redoModel)
            if turn % 50 == 49 {
                let decoded = try JSONDecoder().decode(UndoHistory<Domain.Document>.self, from: JSONEncoder().encode(state.history))
                #expect(decoded == state.history)
            }
        }
    }

    @Test("Clearing forgets every step and leaves the part as it is")
    func clear() {
        let state = Domain.state(after: [.add("milk"), .add("tea"), .history(.undo), .history(.clearHistory)])
        #expect(state.document.items == ["milk"])
        #expect(!state.history.canUndo && !state.history.canRedo)
    }

    @Test("A history is compared by its steps, whatever it dropped to keep them")
    func equality() {
        let dropped = Domain.state(after: (0..<10).map { Domain.Action.add("\($0)") }, limit: 2)
        var fresh = Domain.State(document: Domain.Document(items: (0..<8).map { "\($0)" }), history: UndoHistory(limit: 2))
        let reducer = Domain.reducer(limit: 2)
        reducer.reduce(.add("8"), &fresh)
        reducer.reduce(.add("9"), &fresh)
        #expect(dropped == fresh)
    }

    @Test("A history encodes with its steps and open groups, and decodes to an equal one that goes on as the original would")
    func codable() throws {
        let state = Domain.state(after: [.add("milk"), .setTitle("t"), .history(.beginGroup("Paste")), .add("a"), .history(.undo), .history(.undo)], limit: 5)
        let data = try JSONEncoder().encode(state.history)
        let decoded = try JSONDecoder().decode(UndoHistory<Domain.Document>.self, from: data)
        #expect(decoded == state.history)
        var original = state
        var copy = state
        copy.history = decoded
        for action: Domain.Action in [.add("b"), .history(.endGroup), .setTitle("u"), .history(.undo)] {
            Domain.reducer(limit: 5).reduce(action, &original)
            Domain.reducer(limit: 5).reduce(action, &copy)
        }
        #expect(copy == original)
    }

    @Test("A history whose limit, steps or groups cannot be is refused as corrupt")
    func corrupt() throws {
        let steps = #"[{"name":"a","part":{"title":"","items":[]}},{"name":"b","part":{"title":"","items":["x"]}}]"#
        for (limit, depth) in [(0, 0), (1, 0), (5, -1)] {
            let json = #"{"limit":\#(limit),"undoSteps":\#(steps),"redoSteps":[],"newestStepIsOpen":false,"groupDepth":\#(depth),"groupName":"","groupHasStep":false}"#
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(UndoHistory<Domain.Document>.self, from: Data(json.utf8))
            }
        }
        let valid = #"{"limit":2,"undoSteps":\#(steps),"redoSteps":[],"newestStepIsOpen":false,"groupDepth":0,"groupName":"","groupHasStep":false}"#
        #expect(try JSONDecoder().decode(UndoHistory<Domain.Document>.self, from: Data(valid.utf8)).undoName == "b")
    }
}
