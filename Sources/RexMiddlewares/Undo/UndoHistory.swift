/// The undo and redo steps of one part of an app's state, kept in the state beside it.
///
/// Views read it as any state: ``canUndo`` and ``undoName`` for an "Undo Add Item" menu, and
/// ``canRedo`` and ``redoName``. The reducer `Reducer.undoable(_:history:recording:)`
/// keeps it: each action that changes the part makes a step (or joins one), and the app's
/// ``UndoAction``s undo, redo, group and clear.
///
/// ```swift
/// struct Document: Equatable, Sendable {
///     var title = ""
///     var items: [String] = []
/// }
///
/// struct AppState: Equatable, Sendable {
///     var document = Document()
///     var history = UndoHistory<Document>(limit: 100)
/// }
/// ```
///
/// A step keeps the part as it was: with an ``/RexCore/IdentifiedArray`` in the part, a step
/// costs what its change touched; with an `Array` or a `Dictionary`, the next change after a
/// step copies it whole (see the Performance guide).
public struct UndoHistory<Part: Sendable>: Sendable {
    /// The most steps kept to undo; the oldest is dropped past it.
    public let limit: Int
    @usableFromInline var undoList = UndoStepList<Part>()
    @usableFromInline var redoList = UndoStepList<Part>()
    /// Whether actions of the newest undo step's key still join it.
    @usableFromInline var newestStepIsOpen = false
    /// How many explicit groups are open (``UndoAction/beginGroup(_:)``), the outermost's name,
    /// and whether their step is made (by the group's first change).
    @usableFromInline var groupDepth = 0
    @usableFromInline var groupName = ""
    @usableFromInline var groupHasStep = false

    /// An empty history that keeps at most `limit` steps to undo.
    ///
    /// - Precondition: `limit` is at least 1.
    public init(limit: Int = 100) {
        precondition(limit >= 1, "UndoHistory(limit:): a history keeps at least one step, not \(limit)")
        self.limit = limit
    }

    /// Whether there is a step to undo.
    public var canUndo: Bool {
        undoList.count > 0
    }

    /// Whether there is a step to redo.
    public var canRedo: Bool {
        redoList.count > 0
    }

    /// The name of the step ``UndoAction/undo`` would undo.
    public var undoName: String? {
        undoList.last?.name
    }

    /// The name of the step ``UndoAction/redo`` would redo.
    public var redoName: String? {
        redoList.last?.name
    }

    /// The steps to undo, oldest first; each holds the part as it was before it.
    ///
    /// - Complexity: O(*n*) for *n* steps.
    public var undoSteps: [UndoStep<Part>] {
        undoList.steps
    }

    /// The steps to redo, the next to redo last; each holds the part as it was after it.
    ///
    /// - Complexity: O(*n*) for *n* steps.
    public var redoSteps: [UndoStep<Part>] {
        redoList.steps
    }
}

extension UndoHistory: Equatable where Part: Equatable {}
