/// A middleware's `handle`, in a box of its own: what the store and ``ComposedMiddleware`` keep,
/// so that they can call it through an unretained reference. A closure read from a property is
/// retained and released around each call; a box's closure, read through a reference known to
/// be alive, is not.
@usableFromInline
final class MiddlewareHandlerBox<InputActionType, OutputActionType, StateType>: Sendable {
    @usableFromInline
    let handle: @Sendable (InputActionType, ActionSource, @escaping GetState<StateType>) -> IO<OutputActionType>

    @usableFromInline
    init(
        _ handle: @escaping @Sendable (InputActionType, ActionSource, @escaping GetState<StateType>) -> IO<OutputActionType>
    ) {
        self.handle = handle
    }
}
