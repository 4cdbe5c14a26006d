// How the history changes: what `Reducer.undoable` calls for each action.
extension UndoHistory {
    /// Carries out `command` on `part`: what `Reducer.undoable(_:history:recording:)` does for a
    /// command, for code that keeps a history without it, and for tests that state the history
    /// they expect after a command:
    ///
    /// ```swift
    /// await store.send(.history(.undo)) {
    ///     $0.history.perform(.undo, on: &$0.document)
    /// }
    /// ```
    @inlinable
    public mutating func perform(_ command: UndoAction, on part: inout Part) {
        if let restored = apply(command, current: part) {
            part = restored
        }
    }

    /// Carries out `command` on a part whose value is now `current`; returns the part to restore
    /// (for an undo or a redo that has a step), or `nil` to leave the part as it is.
    @inlinable
    mutating func apply(_ command: UndoAction, current: Part) -> Part? {
        switch command {
        case .undo:
            guard let step = undoList.removeLast() else { return nil }
            redoList.append(UndoStep(name: step.name, part: current))
            closeAfterTravel()
            return step.part
        case .redo:
            guard let step = redoList.removeLast() else { return nil }
            undoList.append(UndoStep(name: step.name, part: current))
            closeAfterTravel()
            return step.part
        case .clearHistory:
            undoList.removeAll()
            redoList.removeAll()
            closeAfterTravel()
        case .beginGroup(let name):
            if groupDepth == 0 {
                groupName = name
                groupHasStep = false
            }
            groupDepth += 1
            newestStepIsOpen = false
        case .endGroup:
            guard groupDepth > 0 else { return nil }
            groupDepth -= 1
            if groupDepth == 0 {
                groupHasStep = false
            }
        case .closeStep:
            newestStepIsOpen = false
        }
        return nil
    }

    /// Notes that an action recorded as `recording` changed the part from `before`: a new step,
    /// or the newest one joined; what `Reducer.undoable(_:history:recording:)` does after each
    /// action that changed the part.
    ///
    /// Public for tests that state the history they expect after a step:
    ///
    /// ```swift
    /// await store.send(.add("milk")) {
    ///     $0.history.record(.newStep(named: "Add milk"), changedFrom: $0.document)
    ///     $0.document.items = ["milk"]
    /// }
    /// ```
    @inlinable
    public mutating func record(_ recording: UndoRecording, changedFrom before: @autoclosure () -> Part) {
        switch recording {
        case .untracked, .command:
            return
        case .newStep(let name) where groupDepth == 0:
            push(UndoStep(name: name, part: before()), open: false)
        case .joinStep(let name, let key) where groupDepth == 0:
            if newestStepIsOpen, undoList.last?.joinKey == key {
                redoList.removeAll()
            } else {
                push(UndoStep(name: name, part: before(), joinKey: key), open: true)
            }
        case .newStep, .joinStep:
            // Inside a group: its first change makes its step, the others join it.
            if groupHasStep {
                redoList.removeAll()
            } else {
                push(UndoStep(name: groupName, part: before()), open: false)
                groupHasStep = true
            }
        }
    }

    /// Adds `step` as the newest, drops the oldest past the limit, and forgets what was undone.
    @inlinable
    mutating func push(_ step: consuming UndoStep<Part>, open: Bool) {
        undoList.append(step)
        if undoList.count > limit {
            undoList.removeFirst()
        }
        redoList.removeAll()
        newestStepIsOpen = open
    }

    /// After an undo, a redo or a clear: no step is open to joining, and a group still open makes
    /// a new step with its next change.
    @inlinable
    mutating func closeAfterTravel() {
        newestStepIsOpen = false
        groupHasStep = false
    }
}
