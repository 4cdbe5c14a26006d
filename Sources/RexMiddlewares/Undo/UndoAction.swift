/// What an app asks of its undo history: the actions an ``UndoHistory`` answers, which the app
/// wraps in its own action like any other (`case history(UndoAction)`).
public enum UndoAction: Codable, Sendable, Equatable {
    /// Restores the part as it was before the newest step, and makes that step redoable.
    /// Nothing when there is no step to undo.
    case undo
    /// Restores the part as it was after the step undone last. Nothing when there is none.
    case redo
    /// Forgets every step, undoable and redoable; the part stays as it is.
    case clearHistory
    /// Starts a group: every change until the matching ``endGroup`` makes one step, with this
    /// name. Groups nest; the outermost names the step.
    case beginGroup(String)
    /// Ends the group the last ``beginGroup(_:)`` started; with no group open, does nothing.
    case endGroup
    /// Closes the newest step to actions that would join it (``UndoRecording/joinStep(named:key:)``):
    /// what ``UndoGrouping`` sends after a quiet moment, so that typing, a pause, and typing
    /// again make two steps.
    case closeStep
}
