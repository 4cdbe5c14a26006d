import RexCore

extension Reducer {
    /// Returns this reducer keeping an undo history of one part of the state.
    ///
    /// For each action, `recording` says what it does to the history (``UndoRecording``):
    /// commands (``UndoAction``) undo, redo, group and clear, and change the part only by
    /// restoring a step, before this reducer runs with them (so that the app may react to the
    /// restored part; what this reducer changes then makes no step); any other action runs this
    /// reducer, and makes a step (or joins the newest) only if it changed the part. The history is a value in the state (``UndoHistory``),
    /// so persistence saves it or not as the app chooses, the recorder records undo and redo as
    /// the actions they are, and time travel restores a past state with the history it had.
    ///
    /// ```swift
    /// enum AppAction: Sendable {
    ///     case setTitle(String)
    ///     case add(String)
    ///     case history(UndoAction)
    /// }
    ///
    /// let document = Reducer<AppAction, AppState>.reduce { action, state in
    ///     switch action {
    ///     case .setTitle(let title): state.document.title = title
    ///     case .add(let item): state.document.items.append(item)
    ///     case .history: break
    ///     }
    /// }
    ///
    /// let app = document.undoable(\.document, history: \.history) { action in
    ///     switch action {
    ///     case .setTitle: .joinStep(named: "Typing", key: "title")
    ///     case .add: .newStep(named: "Add Item")
    ///     case .history(let command): .command(command)
    ///     }
    /// }
    /// ```
    ///
    /// The history is kept by the reducer alone, a pure function of the actions: a replay of the
    /// recorded actions makes the same steps. Grouping by time is an action too (see
    /// ``UndoGrouping``).
    ///
    /// - Parameters:
    ///   - part: The part of the state that undo restores.
    ///   - history: Where the state keeps the part's history.
    ///   - recording: What each action does to the history.
    /// - Complexity: Each action compares the part before and after this reducer (for an
    ///   ``/RexCore/IdentifiedArray``, in the time of the chunks the change touched) and keeps the
    ///   part as it was when it makes a step.
    @inlinable @inline(__always)
    public func undoable<Part: Equatable & Sendable>(
        _ part: WritableKeyPath<StateType, Part> & Sendable,
        history: WritableKeyPath<StateType, UndoHistory<Part>> & Sendable,
        recording: @escaping @Sendable (ActionType) -> UndoRecording
    ) -> Reducer {
        // Plain key paths, and the function inlined where it is called, so that the optimizer
        // folds the key path literals given into property access (see RexCore's
        // Reducer+Lift.swift): applied at run time, the turn's three reads and writes through them
        // cost W15u 1,560 of its 11,693 instructions.
        nonisolated(unsafe) let part: WritableKeyPath<StateType, Part> = part
        nonisolated(unsafe) let history: WritableKeyPath<StateType, UndoHistory<Part>> = history
        // A plain stored property (it has an offset) is compared where it lies, through `inout`;
        // any other part is read out: an `inout` access to a computed property calls its setter,
        // and to an observed one its `didSet`, which the app would see as a write.
        let comparedInPlace = MemoryLayout<StateType>.offset(of: part) != nil
        return .reduce { action, state in
            let recorded = recording(action)
            if case .command(let command) = recorded {
                let current = state[keyPath: part]
                if let restored = state[keyPath: history].apply(command, current: current) {
                    state[keyPath: part] = restored
                }
                // Then this reducer, which may react to the restored part (mark it unsaved).
                return self.reduce(action, &state)
            }
            // Matched, not compared: `!=` on the enum runs its derived `==`, which copies and
            // compares the cases' strings (W15u: 41 instructions a turn).
            if case .untracked = recorded {
                // No copy of the part kept: an untracked change costs what it costs without undo.
                return self.reduce(action, &state)
            }
            // One copy of the part, moved into the step if there is one: each copy of a part that
            // holds references retains each of them, and releases them after (W15u: three copies
            // a turn, about 36 atomic operations, before they were taken out).
            var before: Part? = state[keyPath: part]
            self.reduce(action, &state)
            let changed = comparedInPlace
                ? Self.differs(&state[keyPath: part], from: before.unsafelyUnwrapped)
                : state[keyPath: part] != before.unsafelyUnwrapped
            if changed {
                state[keyPath: history].record(recorded, changedFrom: before.take().unsafelyUnwrapped)
            }
        }
    }

    /// Whether `part` differs from `before`: compared where it is (through `inout`, which reads
    /// a plain stored property in place), not through a copy read out of the state.
    @inlinable
    static func differs<Part: Equatable>(_ part: inout Part, from before: Part) -> Bool {
        part != before
    }
}
