import RexCore

/// The turns a ``TurnLog`` gives to be read, and the states it kept among them: made into
/// steps, each with the state after it, away from the recorder's lock.
struct TurnWindow<Action, State> {
    /// The number of the first turn in `turns`: the one after the first kept state.
    let firstTurn: Int
    /// The number of the first turn read back as a step (`turns` holds the ones before it
    /// only to reach its state).
    let firstRead: Int
    let turns: [NotedTurn<Action>]
    /// The state before `firstTurn`, and the states kept after it, each with the number of turns
    /// before it.
    let kept: [KeptStates<State>.Kept]

    /// The state before the first step read back, and each step's turn with its number and the
    /// state after it. Between kept states, `reduce` runs each turn's action; with no `reduce`,
    /// every state must be kept.
    ///
    /// - Complexity: O(*n*) runs of `reduce` for the *n* turns.
    func steps(reduce: ((Action, inout State) -> Void)?) -> (initial: State, steps: [(index: Int, turn: NotedTurn<Action>, state: State)]) {
        var state = kept[0].state
        var initial = state
        var nextKept = 1
        var steps: [(index: Int, turn: NotedTurn<Action>, state: State)] = []
        steps.reserveCapacity(turns.count - (firstRead - firstTurn))
        for (offset, turn) in turns.enumerated() {
            let index = firstTurn + offset
            if nextKept < kept.count, kept[nextKept].turn == index + 1 {
                state = kept[nextKept].state
                nextKept += 1
            } else {
                guard let reduce else {
                    preconditionFailure("a recorder that keeps the state only after some turns needs the reducer")
                }
                reduce(turn.action, &state)
            }
            if index + 1 == firstRead {
                initial = state
            } else if index >= firstRead {
                steps.append((index, turn, state))
            }
        }
        return (initial, steps)
    }
}
