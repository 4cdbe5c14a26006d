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
    /// The state before `firstTurn`, and after every `interval`-th turn from it.
    let kept: [State]
    let interval: Int

    /// The state before the first step read back, and each step's turn with its number and the
    /// state after it. Between kept states, `reduce` runs each turn's action; with no `reduce`,
    /// every state must be kept (`interval` 1).
    ///
    /// - Complexity: O(*n*) runs of `reduce` for the *n* turns.
    func steps(reduce: ((Action, inout State) -> Void)?) -> (initial: State, steps: [(index: Int, turn: NotedTurn<Action>, state: State)]) {
        precondition(reduce != nil || interval == 1, "a recorder that keeps the state only every few turns needs the reducer")
        var state = kept[0]
        var initial = state
        var steps: [(index: Int, turn: NotedTurn<Action>, state: State)] = []
        steps.reserveCapacity(turns.count - (firstRead - firstTurn))
        for (offset, turn) in turns.enumerated() {
            let index = firstTurn + offset
            if (index + 1 - firstTurn) % interval == 0 {
                state = kept[(index + 1 - firstTurn) / interval]
            } else {
                reduce?(turn.action, &state)
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
