/// The side effects a middleware asks the store to run once the reducer has committed the state.
///
/// An `IO` is a closure over an output ``AnyActionHandler``. The closure may dispatch at once,
/// or keep the output and dispatch later, from any thread. ``pure()`` is an `IO` that does
/// nothing and costs nothing: the store skips it without allocating.
///
/// ```swift
/// return IO { output in
///     output.dispatch(.didStart)
/// }
/// ```
public struct IO<OutputActionType> {  // SwiftRex 0.8's parameter names (Docs/Names.md)
    /// The work; `nil` for ``pure()``.
    @usableFromInline
    let body: ((AnyActionHandler<OutputActionType>) -> Void)?

    @usableFromInline
    init(body: ((AnyActionHandler<OutputActionType>) -> Void)?) {
        self.body = body
    }

    /// Creates an IO that runs `run` with the store's output once the reducer has run.
    @inlinable
    public init(_ run: @escaping (AnyActionHandler<OutputActionType>) -> Void) {
        self.body = run
    }

    /// An IO that does nothing; returning it costs no allocation.
    @inlinable
    public static func pure() -> IO {
        IO(body: nil)
    }

    /// Whether this IO does nothing (it is ``pure()``, or a composition of pure IOs).
    @inlinable
    public var isPure: Bool {
        body == nil
    }

    /// Runs the side effects, giving them `output` to dispatch to.
    @inlinable
    public func run(_ output: AnyActionHandler<OutputActionType>) {
        body?(output)
    }
}
