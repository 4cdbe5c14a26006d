import RexCore

/// An effect on its way from an ``EffectMiddleware``'s handler to its task, and then the
/// running effect itself: the IO that starts it, the task that runs it and the registry entry
/// that tracks it all hold this one object.
///
/// A closure that captures one object uses it as its context, so the IO allocates nothing of its
/// own; the effect's bookkeeping and payload share one allocation.
///
/// Invariant: `output` is `nil` until the launch is registered, then written once, by `start`,
/// before the task that reads it is created (creating a task orders what was written before it
/// for the task); `lifetimeObservation` likewise, at most once, and read only by the task, when
/// it ends. A launch registered before (its IO run twice) writes neither: it starts a launch of
/// its own. The other properties are constants; the base class's are the registry's (see
/// ``RegisteredEffect``). Debug builds check that each is written once and that the task finds
/// `output` written.
@usableFromInline
final class EffectLaunch<Dependencies: Sendable, OutputAction>: RegisteredEffect, @unchecked Sendable {
    // `output` and `lifetimeObservation` are written once, before the task that reads them
    // exists (see the invariant); the other properties are constants.
    @usableFromInline let effect: Effect<Dependencies, OutputAction>
    @usableFromInline let dependencies: Dependencies
    @usableFromInline let registry: EffectRegistry
    @exclusivity(unchecked) @usableFromInline var output: AnyActionHandler<OutputAction>?
    /// What cancels the effect when the state it was started for goes (see `StateLifetime`):
    /// written, like `output`, before the task exists, and let go by the task when it ends.
    @exclusivity(unchecked) @usableFromInline var lifetimeObservation: StateLifetime.Observation?

    @inlinable
    init(effect: consuming Effect<Dependencies, OutputAction>, dependencies: Dependencies, registry: EffectRegistry) {
        let token = effect.token
        self.effect = effect
        self.dependencies = dependencies
        self.registry = registry
        super.init(token: token)
    }

    /// Registers the effect and starts its task; nothing when a closed throttle gate drops it.
    ///
    /// Inlinable, as is everything generic on an effect's way from the handler to its task, so
    /// that the app specializes it for its own action and dependencies: run unspecialized, it
    /// looked up generic metadata (a locked runtime cache) several times per effect.
    @inlinable
    func start(output: AnyActionHandler<OutputAction>) {
        let endsAtOnce = sendsAtOnce
        switch register(tracked: !endsAtOnce) {
        case .dropped:
            return
        case .alreadyRegistered:
            // The same IO run twice: the effect starts again, as a launch of its own.
            EffectLaunch(effect: effect, dependencies: dependencies, registry: registry).start(output: output)
            return
        case .registered:
            assert(self.output == nil, "EffectLaunch: the output of a launch written twice")
            self.output = output
        }
        if let lifetime = output.lifetime, !endsAtOnce {
            assert(lifetimeObservation == nil, "EffectLaunch: the lifetime of a launch observed twice")
            // Cancelled when its state goes, at once if it has gone: a task not made yet is
            // cancelled by `attach`. It sends nothing once its state is gone (`EffectContext.send`).
            lifetimeObservation = lifetime.onEnd { [registry] in registry.cancel(self) }
        }
        #if compiler(>=6.2) && !REX_NO_IMMEDIATE_TASKS
        if endsAtOnce, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            // Sends the action and ends before `immediate` returns (`sendAction` never suspends):
            // nothing was left to track.
            Task.immediate { [self] in
                sendAction()
            }
            return
        }
        #endif
        // Created outside the registry's lock (see EffectRegistry). The task holds this launch,
        // and so the registry, until it ends; the registry lets go of it then too.
        registry.attach(Task { [self] in await run() }, to: self)
    }

    /// Whether the effect only sends an action, where its task can start at once, on this
    /// thread, and end before `start` returns (the store queues the action after the turn whose
    /// IO this is).
    ///
    /// Started on the global executor, each such task cost a thread hop and, on an idle pool,
    /// the wake-up of a thread: several microseconds for a send. And a task that ends before
    /// anyone could cancel or wait for it needs no place in the registry, which only lets the
    /// token's effects in flight go, and closes a throttle gate. Before `Task.immediate` (macOS
    /// 26 and its peers, or with a compiler before Swift 6.2), every effect starts on the global
    /// executor, and is tracked; building with `-DREX_NO_IMMEDIATE_TASKS` takes that path
    /// everywhere, as CI does once, so that it runs on Linux too.
    @inlinable
    var sendsAtOnce: Bool {
        #if compiler(>=6.2) && !REX_NO_IMMEDIATE_TASKS
        if case .send = effect.work, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return true
        }
        #endif
        return false
    }

    /// Registers the effect, with its throttle when it has one.
    @inlinable
    func register(tracked: Bool) -> EffectRegistry.Registration {
        if let throttle = effect.throttle {
            registry.register(self, cancelsInFlight: effect.cancelsInFlight, tracked: tracked, interval: throttle.interval) {
                throttle.clock(dependencies)
            }
        } else {
            registry.register(self, cancelsInFlight: effect.cancelsInFlight, tracked: tracked, interval: nil) { nil }
        }
    }

    /// Does the effect's work, then leaves the registry.
    @inlinable
    func run() async {
        assert(output != nil, "EffectLaunch: a task started before its output was written")
        // The work is performed here, not through a closure made for it: one call less, and
        // for `just` no closure at all. A `just` sends from a synchronous function, whose locals
        // stay on the thread's stack: sent from here, they took the task's allocator past its
        // first slab, one allocation more per effect.
        if case .run(let work) = effect.work {
            await work(context)
        } else {
            sendAction()
        }
        lifetimeObservation?.cancel()
        registry.finish(self)
    }

    /// Sends the action of a `just`.
    @inlinable
    func sendAction() {
        if case .send(let sent) = effect.work {
            context.send(sent.action)
        }
    }

    /// What the effect's work is given.
    @inlinable
    var context: EffectContext<Dependencies, OutputAction> {
        EffectContext(dependencies: dependencies, output: output!, source: effect.source, token: effect.token)
    }
}
