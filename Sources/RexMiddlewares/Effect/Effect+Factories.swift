import RexCore

extension Effect {
    /// An effect that does nothing; the middleware returns a pure IO for it.
    public static var doNothing: Effect {
        Effect(work: .none, source: ActionSource(file: "" as StaticString, function: "" as StaticString, line: 0))
    }

    /// An effect that sends one action.
    ///
    /// Its task starts at once, where `Task.immediate` exists (Linux, macOS 26 and its peers),
    /// and queues the action before the IO returns, as the IO's own dispatch would: the thread
    /// running the turn processes it after what was queued before it. Elsewhere the task starts
    /// on the global executor, and the action comes a moment later.
    @inlinable
    public static func just(
        _ action: OutputAction,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) -> Effect where OutputAction: Sendable {
        Effect(work: .send(SentAction(action)), source: ActionSource(file: file, function: function, line: line))
    }

    /// An effect that sends several actions, in order.
    public static func sequence(
        _ actions: [OutputAction],
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) -> Effect where OutputAction: Sendable {
        .run(file: file, function: function, line: line) { context in
            for action in actions {
                context.send(action)
            }
        }
    }

    /// An effect that does asynchronous work and sends nothing.
    public static func fireAndForget(
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        _ work: @escaping @Sendable (Dependencies) async -> Void
    ) -> Effect {
        .run(file: file, function: function, line: line) { context in await work(context.dependencies) }
    }

    /// An effect that does asynchronous work and sends the one action it returns (unless it was
    /// cancelled meanwhile).
    public static func promise(
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        _ work: @escaping @Sendable (Dependencies) async -> OutputAction
    ) -> Effect {
        .run(file: file, function: function, line: line) { context in
            let action = await work(context.dependencies)
            if !Task.isCancelled {
                context.send(action)
            }
        }
    }

    /// The general effect: asynchronous work given the dependencies and a way to send actions.
    ///
    /// ```swift
    /// return .run { context in
    ///     let items = await context.dependencies.api.load()
    ///     context.send(.loaded(items))
    /// }
    /// ```
    public static func run(
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        _ work: @escaping @Sendable (EffectContext<Dependencies, OutputAction>) async -> Void
    ) -> Effect {
        Effect(work: .run(work), source: ActionSource(file: file, function: function, line: line))
    }

    /// An effect that sends every element of an asynchronous sequence, until it ends, fails or
    /// the effect is cancelled.
    public static func stream<Elements: AsyncSequence & Sendable>(
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        _ makeElements: @escaping @Sendable (Dependencies) -> Elements
    ) -> Effect where Elements.Element == OutputAction {
        .run(file: file, function: function, line: line) { context in
            do {
                for try await action in makeElements(context.dependencies) {
                    context.send(action)
                }
            } catch {
                // A failing sequence ends the effect; what it sent before stays sent.
            }
        }
    }

    /// An effect that cancels the running effects of a token.
    public static func toCancel(
        _ token: some Hashable & Sendable,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) -> Effect {
        Effect(work: .cancel(EffectToken(token)), source: ActionSource(file: file, function: function, line: line))
    }
}
