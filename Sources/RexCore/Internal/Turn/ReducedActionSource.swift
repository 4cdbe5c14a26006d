/// Debug builds: the source of the action whose reducers run on this thread, for the messages
/// of reducers that cannot do what an action asks (see `Reducer.liftOptional`). A reducer is
/// given only the action; the store knows where it came from.
@usableFromInline
enum ReducedActionSource {
    @TaskLocal
    static var current: ActionSource?

    /// Runs `body` (the reducing part of a turn) with `source` as the current source. Debug
    /// builds only: the store calls it under `#if DEBUG`, since in release builds even a closure
    /// called at once cost the turn tens of instructions.
    @usableFromInline
    static func whileReducing<Result>(_ source: ActionSource, _ body: () -> Result) -> Result {
        $current.withValue(source, operation: body)
    }
}
