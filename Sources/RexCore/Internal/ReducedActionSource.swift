/// Debug builds: the source of the action whose reducers run on this thread, for the messages
/// of reducers that cannot do what an action asks (see `Reducer.liftOptional`). A reducer is
/// given only the action; the store knows where it came from.
@usableFromInline
enum ReducedActionSource {
    @TaskLocal
    static var current: ActionSource?

    /// Runs `body` (the reducing part of a turn) with `source` as the current source in debug
    /// builds; only `body` in release builds, where nothing reads it.
    @inlinable @inline(__always)
    static func whileReducing<Result>(_ source: ActionSource, _ body: () -> Result) -> Result {
        #if DEBUG
        return withCurrent(source, body)
        #else
        return body()
        #endif
    }

    /// Runs `body` with `source` as the current source.
    @usableFromInline
    static func withCurrent<Result>(_ source: ActionSource, _ body: () -> Result) -> Result {
        $current.withValue(source, operation: body)
    }
}
