import RexCore

/// What a ``PersistenceMiddleware`` holds: the one object its copies share. When the last copy
/// goes (with the store that held it), what the state holds is saved, there and then.
///
/// A turn that finds no check armed runs ``afterTurn``, made once: returning it allocates nothing.
@usableFromInline
final class PersistenceSaver<Action: Sendable, State, Part: Codable & Equatable & Sendable>: Sendable {
    let core: SaverCore<Action, State, Part>
    /// Not started, idle or armed: read by every turn.
    @usableFromInline
    let check: SaveCheckState
    /// What a turn that found no check armed runs: arms one, unless another turn did.
    @usableFromInline
    let afterTurn: @Sendable (AnyActionHandler<Action>) -> Void

    init(core: SaverCore<Action, State, Part>) {
        self.core = core
        check = core.check
        afterTurn = { [core] _ in core.turnEnded() }
    }

    deinit {
        core.finish()
    }

    /// The first turn: keeps the store's getter and output, and arms a check.
    @usableFromInline
    func start(getState: @escaping GetState<State>, output: AnyActionHandler<Action>) {
        core.start(getState: getState, output: output)
    }

    /// Reads the storage in the background, and reports what it holds.
    @usableFromInline
    func load(to output: AnyActionHandler<Action>, current: Part) {
        core.load(to: output, current: current)
    }
}
