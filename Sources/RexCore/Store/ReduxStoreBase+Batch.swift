extension ReduxStoreBase {
    /// Dispatches several actions as consecutive turns, and tells subscribers and projections
    /// once, of the state after the last one: for sources that send many actions at once (a
    /// slider, a stream of server events, a page of results).
    ///
    /// ```swift
    /// store.dispatch(contentsOf: events.map(AppAction.received))
    /// ```
    ///
    /// Each action has a turn of its own, in order, with nothing dispatched elsewhere between
    /// them: the middlewares handle it, the reducer changes the state, and its IO closures run,
    /// as for ``dispatch(_:file:function:line:info:)``. Only the notification waits for the last
    /// turn: subscribers see the batch's final state once (``ShouldEmitValue/when(_:)`` compares
    /// it with the state before the batch). An action an IO dispatches during the batch runs
    /// after the batch. An empty sequence does nothing.
    ///
    /// - Complexity: O(*n*) to queue *n* actions, then their turns.
    @inlinable
    public func dispatch<Actions: Sequence>(
        contentsOf actions: Actions,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) where Actions.Element == Action {
        // Read before the lock: the sequence may be lazy, and its code must not run under it.
        let actions = Array(actions)
        guard let last = actions.indices.last else { return }
        let source = ActionSource(file: file, function: function, line: line, info: info)
        let runsHere = queue?.isCurrent ?? true
        var held = core.lockFields()
        let fields = held.fields
        checkNotInsideHandleLocked(DispatchedAction(actions[0], dispatcher: source), held)
        // As `enqueue` does: an idle store's turns run here, unless they belong on its queue.
        let arrival = fields.pointee.turn.arrive(
            batch: { actions.indices.map { .init(DispatchedAction(actions[$0], dispatcher: source), completion: nil, notifies: $0 == last) } },
            runsHere: runsHere,
            exclusive: middleware == nil,
            flag: core.turnFlag
        )
        switch arrival {
        case .run:
            // Straight from the array, the store's turn kept from the first to the last: what the
            // IO closures dispatch meanwhile waits in the queue, after the batch.
            for index in actions.indices {
                // Never `nil`: a batch's turns keep the store's turn (`endsTurnsIfIdle` is false).
                held = runTurn(actions[index], from: source, completion: nil, notifies: index == last, held)!
            }
            runQueuedTurns(held)
        case .drain:
            runQueuedTurns(held)
        case .scheduleDrain:
            held.unlock()
            scheduleDrain()
        case .reduceAtOnce, .wait:
            held.unlock()
        }
    }
}
