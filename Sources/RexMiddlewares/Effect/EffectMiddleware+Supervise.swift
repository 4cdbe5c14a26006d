import RexCore

// Named `supervise`, as SwiftRex names its state-driven effects (`Behavior.supervise`, the
// "Effect Supervisor"), and made from `EffectMiddleware`, beside `onAction`, where a SwiftRex
// user looks for effects; TCA's nearest is `onMount(id:)`.

extension EffectMiddleware {
    /// The middleware `supervise(_:each:effect:)` makes: an ``EffectSupervisor`` of the same
    /// actions, state and dependencies.
    public typealias Supervisor = EffectSupervisor<InputActionType, OutputActionType, StateType, Dependencies>

    /// Returns a ``/RexCore/MiddlewareReader`` that makes an ``EffectSupervisor``: for each key
    /// of the set that `each` derives from a part of the state, an effect runs while the key is
    /// there, and restarts when its value changes.
    ///
    /// ```swift
    /// let transfers = EffectMiddleware<AppAction, AppAction, AppState, API>.supervise(
    ///     \.downloads,
    ///     each: { downloads in downloads.mapValues(\.url) }
    /// ) { id, url in
    ///     .run { context in await context.dependencies.transfer(url) { context.send(.progressed(id, $0)) } }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - part: The part of the state the set derives from, compared with `==` after every turn
    ///     (after each reducer, under the store's lock, when the supervisor is not lifted): a
    ///     quick function of the state that calls nothing of the store.
    ///   - each: The set of keys the part calls for, each with the value its effect runs with;
    ///     called only when the part changed.
    ///   - effect: The effect of a key, given its value.
    @inlinable
    public static func supervise<Part: Equatable & Sendable, Key: Hashable & Sendable, Value: Equatable & Sendable>(
        _ part: @escaping @Sendable (StateType) -> Part,
        each: @escaping @Sendable (Part) -> [Key: Value],
        effect: @escaping @Sendable (Key, Value) -> Effect<Dependencies, OutputActionType>
    ) -> MiddlewareReader<Dependencies, Supervisor> {
        MiddlewareReader { dependencies in
            EffectSupervisor(dependencies: dependencies, part: part, each: each, effect: effect)
        }
    }

    /// Returns a ``/RexCore/MiddlewareReader`` that makes an ``EffectSupervisor`` of one effect:
    /// it runs while `part` of the state is not `nil`, with its value, and restarts when the value
    /// changes.
    ///
    /// ```swift
    /// let socket = EffectMiddleware<AppAction, AppAction, AppState, API>.supervise(\.session?.token) { token in
    ///     .stream { api in api.messages(token).map(AppAction.received) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - part: The value the effect runs with, or `nil` when it should not run.
    ///   - file: Where the supervisor is written: its one key, which a test that ends with the
    ///     effect running is told.
    ///   - line: The line where the supervisor is written, part of its key.
    ///   - effect: The effect, given the value.
    @inlinable
    public static func supervise<Value: Equatable & Sendable>(
        _ part: @escaping @Sendable (StateType) -> Value?,
        file: StaticString = #fileID,
        line: UInt = #line,
        effect: @escaping @Sendable (Value) -> Effect<Dependencies, OutputActionType>
    ) -> MiddlewareReader<Dependencies, Supervisor> {
        let key = SingleSupervisedEffect(file: file, line: line)
        return supervise(part, each: { value in key.set(of: value) }, effect: { _, value in effect(value) })
    }
}

extension EffectMiddleware where Dependencies == Void {
    /// Returns an ``EffectSupervisor`` at once (it needs no dependencies): for each key of the set
    /// that `each` derives from a part of the state, an effect runs while the key is there, and
    /// restarts when its value changes.
    ///
    /// - Parameters:
    ///   - part: The part of the state the set derives from, compared with `==` after every turn
    ///     (after each reducer, under the store's lock, when the supervisor is not lifted): a
    ///     quick function of the state that calls nothing of the store.
    ///   - each: The set of keys the part calls for, each with the value its effect runs with;
    ///     called only when the part changed.
    ///   - effect: The effect of a key, given its value.
    @inlinable
    public static func supervise<Part: Equatable & Sendable, Key: Hashable & Sendable, Value: Equatable & Sendable>(
        _ part: @escaping @Sendable (StateType) -> Part,
        each: @escaping @Sendable (Part) -> [Key: Value],
        effect: @escaping @Sendable (Key, Value) -> Effect<Void, OutputActionType>
    ) -> Supervisor {
        EffectSupervisor(dependencies: (), part: part, each: each, effect: effect)
    }

    /// Returns an ``EffectSupervisor`` of one effect at once (it needs no dependencies): it runs
    /// while `part` of the state is not `nil`, with its value, and restarts when the value changes.
    ///
    /// - Parameters:
    ///   - part: The value the effect runs with, or `nil` when it should not run.
    ///   - file: Where the supervisor is written: its one key, which a test that ends with the
    ///     effect running is told.
    ///   - line: The line where the supervisor is written, part of its key.
    ///   - effect: The effect, given the value.
    @inlinable
    public static func supervise<Value: Equatable & Sendable>(
        _ part: @escaping @Sendable (StateType) -> Value?,
        file: StaticString = #fileID,
        line: UInt = #line,
        effect: @escaping @Sendable (Value) -> Effect<Void, OutputActionType>
    ) -> Supervisor {
        let key = SingleSupervisedEffect(file: file, line: line)
        return supervise(part, each: { value in key.set(of: value) }, effect: { _, value in effect(value) })
    }
}
