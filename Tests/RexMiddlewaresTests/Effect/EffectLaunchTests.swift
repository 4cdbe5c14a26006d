import RexCore
@testable import RexMiddlewares
import RexTestSupport
import Testing

/// White-box tests of `EffectLaunch`: each path of `start` (registered and run, started twice,
/// dropped by a closed gate, cancelled because its state has gone, a send that ends at once),
/// with the registry's whole invariant checked after each, and the launch's written-once
/// output checked by its debug assertions.
@Suite("An effect's launch")
struct EffectLaunchTests {
    typealias Launch = EffectLaunch<Void, Int>

    @Test("A launch registers, runs its work with its output, and leaves the registry when it ends")
    func registersRunsAndLeaves() async {
        let registry = EffectRegistry()
        let sent = RexTestSupport.Recorder<Int>()
        let launch = Launch(effect: .run { context in context.send(1) }, dependencies: (), registry: registry)
        #expect(launch.output == nil && launch.order == nil)
        launch.start(output: sent.output)
        registry.checkInvariants()
        #expect(launch.output != nil && launch.order == 0)
        await registry.waitUntilIdle()
        registry.checkInvariants()
        #expect(sent.values == [1])
        #expect(registry.count == 0 && launch.index == nil && launch.task == nil)
    }

    @Test("A launch started twice (its IO run twice) starts a second launch, and writes its own output once")
    func startedTwice() async {
        let registry = EffectRegistry()
        let sent = RexTestSupport.Recorder<Int>()
        let launch = Launch(effect: .run { context in context.send(1) }, dependencies: (), registry: registry)
        launch.start(output: sent.output)
        launch.start(output: sent.output)
        registry.checkInvariants()
        await registry.waitUntilIdle()
        registry.checkInvariants()
        #expect(sent.values == [1, 1])
        #expect(registry.count == 0)
    }

    @Test("A launch a closed throttle gate drops is not registered, runs nothing and keeps no output")
    func dropped() async {
        let registry = EffectRegistry()
        let sent = RexTestSupport.Recorder<Int>()
        let effect = Effect<Void, Int>.run { context in context.send(1) }.throttle("gate", for: .seconds(3_600))
        Launch(effect: effect, dependencies: (), registry: registry).start(output: sent.output)
        let dropped = Launch(effect: effect, dependencies: (), registry: registry)
        dropped.start(output: sent.output)
        registry.checkInvariants()
        #expect(dropped.output == nil && dropped.order == nil && dropped.index == nil)
        registry.cancelAll()
        await registry.waitUntilIdle()
        registry.checkInvariants()
        #expect(sent.values == [1])
    }

    @Test("A launch whose state has gone is cancelled before its work runs, and sends nothing")
    func stateGone() async {
        let registry = EffectRegistry()
        let sent = RexTestSupport.Recorder<Int>()
        let lifetime = StateLifetime()
        lifetime.end()
        let sawCancelled = RexTestSupport.Recorder<Bool>()
        let launch = Launch(effect: .run { context in
            sawCancelled.record(Task.isCancelled)
            context.send(1)
        }, dependencies: (), registry: registry)
        launch.start(output: AnyActionHandler(lifetime: lifetime) { sent.record($0.action) })
        registry.checkInvariants()
        #expect(launch.isCancelled)
        await registry.waitUntilIdle()
        registry.checkInvariants()
        #expect(sawCancelled.values == [true])
        #expect(sent.values.isEmpty && registry.count == 0)
    }

    @Test("A launch that only sends ends before `start` returns and is not tracked, when tasks can start at once")
    func sendsAtOnce() async {
        let registry = EffectRegistry()
        let sent = RexTestSupport.Recorder<Int>()
        let launch = Launch(effect: .just(7), dependencies: (), registry: registry)
        launch.start(output: sent.output)
        registry.checkInvariants()
        if launch.sendsAtOnce {
            #expect(sent.values == [7])
            #expect(launch.order == 0 && launch.index == nil && registry.count == 0)
        }
        await registry.waitUntilIdle()
        registry.checkInvariants()
        #expect(sent.values == [7] && registry.count == 0)
    }
}
