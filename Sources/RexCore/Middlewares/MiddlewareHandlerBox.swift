/// A middleware's `handle`, in a box of its own: what the store and ``ComposedMiddleware`` keep,
/// so that they can call it through an unretained reference. A closure read from a property is
/// retained and released around each call; a box's closure, read through a reference known to
/// be alive, is not.
@usableFromInline
final class MiddlewareHandlerBox<InputAction, OutputAction, State>: Sendable {
    @usableFromInline
    let handle: @Sendable (InputAction, ActionSource, @escaping GetState<State>) -> IO<OutputAction>

    @usableFromInline
    init(
        _ handle: @escaping @Sendable (InputAction, ActionSource, @escaping GetState<State>) -> IO<OutputAction>
    ) {
        self.handle = handle
    }
}
