import RexCore

extension UndoHistory: CustomReflectable {
    /// What a view reads of the history (what undo and redo would do, and how many steps each
    /// holds) rather than the part each step keeps: what a debugger, `dump`, the logger's field
    /// diffs and the inspector's differences show. Each new step kept the part as it was, which
    /// a logger wrote whole at every step: a log that grew with the square of a list (308 MB
    /// after 3,000 adds to the demo's).
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "undoName": undoName as Any,
                "redoName": redoName as Any,
                "undoCount": undoList.count,
                "redoCount": redoList.count,
                "limit": limit,
            ],
            displayStyle: .struct
        )
    }
}
