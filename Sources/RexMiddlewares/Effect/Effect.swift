import RexCore

/// Asynchronous work that an ``EffectMiddleware`` runs after the reducer, and that may send
/// actions back to the store.
///
/// Make one with a factory (``doNothing``, ``just(_:file:function:line:)``,
/// ``run(file:function:line:_:)``, …), and shape it with ``cancellable(_:cancelInFlight:)``,
/// ``debounce(_:for:clock:)``, ``throttle(_:for:clock:)`` or ``delay(for:clock:)``. Each effect
/// runs as its own `Task`; the actions it sends carry an `ActionSource` naming the place
/// the effect was made, with the effect's token as `info` when it has one.
public struct Effect<Dependencies: Sendable, OutputAction>: Sendable {
    @usableFromInline
    enum Work: Sendable {
        case none
        /// One action to send, kept as a value rather than in a closure: `just` then allocates
        /// nothing, and its task calls no closure.
        case send(SentAction<OutputAction>)
        case run(@Sendable (EffectContext<Dependencies, OutputAction>) async -> Void)
        case cancel(EffectToken)

        /// The work as a closure, for the shapers that wrap it (`delay`); `nil` when there is
        /// nothing to run.
        var asRun: (@Sendable (EffectContext<Dependencies, OutputAction>) async -> Void)? {
            switch self {
            case .send(let sent):
                { context in context.send(sent.action) }
            case .run(let work):
                work
            case .none, .cancel:
                nil
            }
        }
    }

    @usableFromInline let work: Work
    /// Where the effect was made; the source of the actions it sends.
    @usableFromInline let source: ActionSource
    @usableFromInline let token: EffectToken?
    @usableFromInline let cancelsInFlight: Bool
    @usableFromInline let throttle: Throttle?

    /// A gate that lets one effect of a token through per interval.
    @usableFromInline
    struct Throttle: Sendable {
        @usableFromInline let interval: Duration
        @usableFromInline let clock: @Sendable (Dependencies) -> any Clock<Duration>
    }

    @usableFromInline
    init(
        work: Work,
        source: ActionSource,
        token: EffectToken? = nil,
        cancelsInFlight: Bool = true,
        throttle: Throttle? = nil
    ) {
        self.work = work
        self.source = source
        self.token = token
        self.cancelsInFlight = cancelsInFlight
        self.throttle = throttle
    }

    @inlinable
    func with(
        work: Work? = nil,
        token: EffectToken? = nil,
        cancelsInFlight: Bool? = nil,
        throttle: Throttle? = nil
    ) -> Effect {
        Effect(
            work: work ?? self.work,
            source: source,
            token: token ?? self.token,
            cancelsInFlight: cancelsInFlight ?? self.cancelsInFlight,
            throttle: throttle ?? self.throttle
        )
    }
}

/// What a running effect can use: its dependencies, and a way to send actions to the store.
public struct EffectContext<Dependencies: Sendable, OutputAction>: Sendable {
    /// The dependencies the middleware was given.
    public let dependencies: Dependencies
    @usableFromInline let output: AnyActionHandler<OutputAction>
    /// Where the effect was made, without the token.
    @usableFromInline let source: ActionSource
    @usableFromInline let token: EffectToken?

    @usableFromInline
    init(dependencies: Dependencies, output: AnyActionHandler<OutputAction>, source: ActionSource, token: EffectToken?) {
        self.dependencies = dependencies
        self.output = output
        self.source = source
        self.token = token
    }

    /// Sends an action to the store, with the effect's source. Does nothing once the store is
    /// gone, or once the part of the state the effect was started for has gone (its middleware
    /// was lifted with `liftOptional` or `liftToCollection`: see `StateLifetime`).
    @inlinable
    public func send(_ action: OutputAction) {
        if let lifetime = output.lifetime, lifetime.hasEnded {
            return
        }
        output.dispatch(DispatchedAction(action, dispatcher: dispatcher))
    }

    /// The source of the actions the effect sends: with the token as `info` when there is one.
    @usableFromInline
    var dispatcher: ActionSource {
        guard let token else { return source }
        return source.with(info: "effect " + token.description)
    }
}
