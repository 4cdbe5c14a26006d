/// What an action does to the undo history, as the app decides for each of its actions (see
/// `Reducer.undoable(_:history:recording:)`).
///
/// A step is made only when the action changes the part: an action that leaves it equal makes
/// none, whatever its recording says.
public enum UndoRecording: Codable, Sendable, Equatable {
    /// The action makes a step of its own, named for a menu ("Add Item").
    case newStep(named: String)
    /// The action joins the newest step when that step has the same key and is still open (no
    /// other step, undo, redo or ``UndoAction/closeStep`` since): typing a title, one key at a
    /// time, makes one step. Otherwise it makes a new step, open to the actions of its key.
    case joinStep(named: String, key: String)
    /// The action changes the part without a step (a selection, a scroll position kept in it).
    /// Undoing the step before it restores the part as it was before that step, so the change is
    /// undone with it.
    case untracked
    /// The action is a command to the history itself.
    case command(UndoAction)
}
