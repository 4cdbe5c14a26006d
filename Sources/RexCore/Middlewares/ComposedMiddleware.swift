/// Several middlewares of the same types run as one, in order: a composition built at run time.
///
/// Append middlewares one by one, for example from a list of features known only at launch;
/// `handle` calls them in the order they were appended, and the returned ``IO`` runs their IOs
/// in the same order. A composition appended is appended member by member; identity middlewares
/// are left out.
///
/// ```swift
/// var middleware = ComposedMiddleware<AppAction, AppAction, AppState>()
/// for feature in enabledFeatures {
///     middleware.append(feature.middleware)
/// }
/// ```
///
/// When the middlewares are known where the store is created, compose them with `<>` instead:
/// it gives a ``MiddlewarePair`` chain, which the compiler turns into one function.
public struct ComposedMiddleware<InputActionType, OutputActionType, StateType>: MiddlewareProtocol {  // SwiftRex 0.8's parameter names (Docs/Names.md)
    // Invariant: `unretainedBoxes[k]` is an unretained reference to `boxes[k]`, for every `k`
    // (as many of each). Both arrays change only in `append`, together; every copy of the
    // composition holds its own `boxes`, which keeps alive each box its `unretainedBoxes` names,
    // for as long as the copy lives: so `handle`, running on a copy, calls boxes its `self` owns.
    // A debug build checks the pair appended last after each `append` (O(1));
    // `checkInvariants()` checks every pair, for tests.

    /// The middlewares, in the order they run.
    public var middlewares: [AnyMiddleware<InputActionType, OutputActionType, StateType>] {
        boxes.map { AnyMiddleware(handle: $0.handle) }
    }

    /// Each member's `handle` in a box of its own, in order. The boxes are kept twice: `boxes`
    /// owns them, and `unretainedBoxes` is what `handle` walks, so that calling a member costs
    /// no retain and release of the box or its closure.
    @usableFromInline
    var boxes: [MiddlewareHandlerBox<InputActionType, OutputActionType, StateType>]
    @usableFromInline
    var unretainedBoxes: [Unmanaged<MiddlewareHandlerBox<InputActionType, OutputActionType, StateType>>]
    /// The observers of the members that have one, combined in order (see
    /// ``CommittedStateObserving``).
    @usableFromInline
    var observer: CommittedStateObserver<StateType, OutputActionType>?

    /// Creates an empty composition, which behaves like ``IdentityMiddleware``.
    @inlinable
    public init() {
        boxes = []
        unretainedBoxes = []
        observer = nil
    }

    /// Appends a middleware; a composition is appended member by member, an identity not at all.
    ///
    /// Inlinable, so that each middleware is wrapped where its type is known: its `handle` then
    /// runs specialized, with key paths folded, instead of through generic code.
    @inlinable
    public mutating func append<Middleware: MiddlewareProtocol>(_ middleware: Middleware)
    where
        Middleware.InputActionType == InputActionType,
        Middleware.OutputActionType == OutputActionType,
        Middleware.StateType == StateType
    {
        if let composed = middleware as? ComposedMiddleware {
            boxes.append(contentsOf: composed.boxes)
            unretainedBoxes.append(contentsOf: composed.unretainedBoxes)
            observer = combinedObserver(observer, composed.observer)
            checkLastPair()
            return
        }
        let erased = AnyMiddleware(middleware)
        guard !erased.isIdentity else { return }
        observer = combinedObserver(observer, erased.observer)
        let box = MiddlewareHandlerBox(erased.handler)
        boxes.append(box)
        unretainedBoxes.append(Unmanaged.passUnretained(box))
        checkLastPair()
    }

    /// Stops a debug build when the box appended last and its unretained reference are not the
    /// same object, or the arrays' counts differ.
    @inlinable
    func checkLastPair() {
        assert(boxes.count == unretainedBoxes.count, "ComposedMiddleware: \(boxes.count) boxes, \(unretainedBoxes.count) unretained")
        assert(
            boxes.last.map { $0 === unretainedBoxes.last?.takeUnretainedValue() } ?? true,
            "ComposedMiddleware: the last unretained reference names another box"
        )
    }

    /// Stops a debug build when any unretained reference does not name the box at its position.
    ///
    /// - Complexity: O(*n*) for *n* middlewares.
    @usableFromInline
    func checkInvariants() {
        assert(boxes.count == unretainedBoxes.count, "ComposedMiddleware: \(boxes.count) boxes, \(unretainedBoxes.count) unretained")
        for (box, unretained) in zip(boxes, unretainedBoxes) {
            assert(box === unretained.takeUnretainedValue(), "ComposedMiddleware: an unretained reference names another box")
        }
    }

    /// Appends a middleware, as ``append(_:)`` does: SwiftRex 0.8's spelling.
    @inlinable
    public mutating func append<Middleware: MiddlewareProtocol>(middleware: Middleware)
    where
        Middleware.InputActionType == InputActionType,
        Middleware.OutputActionType == OutputActionType,
        Middleware.StateType == StateType
    {
        append(middleware)
    }

    /// Calls every middleware in order and returns their IOs composed in the same order.
    @inlinable
    public func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        var io = IO<OutputActionType>.pure()
        unretainedBoxes.withUnsafeBufferPointer { unretainedBoxes in
            for box in unretainedBoxes {
                let next = box._withUnsafeGuaranteedRef { $0.handle(action, dispatcher, state) }
                if !next.isPure {  // most are: then `io` is not even copied
                    io = io <> next
                }
            }
        }
        return io
    }
}

extension ComposedMiddleware: CommittedStateObserving {
    /// The observers of the members that have one, in order.
    @inlinable
    package func committedStateObserver() -> CommittedStateObserver<StateType, OutputActionType>? {
        observer
    }
}
