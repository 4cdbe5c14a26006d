@testable import RexMiddlewares
import Testing

/// White-box tests of `EffectRegistry`'s tables: each path of registering, attaching, ending and
/// cancelling an effect (a removal in the middle, where the last takes the place; a token's
/// effects replaced, cancelled one by one or all; an effect cancelled before its task exists;
/// untracked effects; a throttle gate and its timer), with the whole invariant checked after
/// each step in this debug build. The tasks here are stand-ins that wait until cancelled, so
/// that each step runs on the test's thread and nothing else touches the registry.
@Suite("The effect registry's tables")
struct EffectRegistryTests {
    /// A task that only waits until it is cancelled.
    static func waitingTask() -> Task<Void, Never> {
        Task { _ = try? await Task.sleep(for: .seconds(3_600)) }
    }

    /// Registers `effect` as a tracked effect and attaches a waiting task to it.
    @discardableResult
    static func start(_ effect: RegisteredEffect, in registry: EffectRegistry, replacing: Bool = false) -> Task<Void, Never> {
        #expect(registry.register(effect, cancelsInFlight: replacing, tracked: true, interval: nil) { nil } == .registered)
        registry.checkInvariants()
        let task = waitingTask()
        registry.attach(task, to: effect)
        registry.checkInvariants()
        return task
    }

    @Test("An effect takes the next place and the next order; registered again, nothing changes")
    func registering() {
        let registry = EffectRegistry()
        let first = RegisteredEffect(token: nil)
        let second = RegisteredEffect(token: nil)
        let firstTask = Self.start(first, in: registry)
        let secondTask = Self.start(second, in: registry)
        #expect(registry.count == 2)
        #expect(first.index == 0 && second.index == 1)
        #expect(first.order == 0 && second.order == 1)
        #expect(first.task == firstTask && second.task == secondTask)
        #expect(registry.register(first, cancelsInFlight: true, tracked: true, interval: nil) { nil } == .alreadyRegistered)
        registry.checkInvariants()
        #expect(registry.count == 2 && first.index == 0 && first.order == 0 && !first.isCancelled)
        registry.cancelAll()
    }

    @Test("An effect that ends leaves its place to the last; the last leaves its own place")
    func removingInTheMiddleAndAtTheEnd() {
        let registry = EffectRegistry()
        let effects = (0..<4).map { _ in RegisteredEffect(token: nil) }
        let tasks = effects.map { Self.start($0, in: registry) }
        registry.finish(effects[1])
        registry.checkInvariants()
        #expect(registry.count == 3)
        #expect(effects[1].index == nil && effects[1].task == nil)
        #expect(effects[3].index == 1)
        // Now the last: no other moves.
        registry.finish(effects[2])
        registry.checkInvariants()
        #expect(effects.map(\.index) == [0, nil, nil, 1])
        registry.finish(effects[0])
        registry.checkInvariants()
        #expect(effects.map(\.index) == [nil, nil, nil, 0])
        registry.finish(effects[3])
        registry.checkInvariants()
        #expect(registry.count == 0)
        // Ended twice (a timer's task after `cancelAll`, say): nothing changes.
        registry.finish(effects[0])
        registry.checkInvariants()
        #expect(registry.count == 0)
        tasks.forEach { $0.cancel() }
    }

    @Test("Many effects grow the list and leave it in any order")
    func growingAndShrinking() {
        let registry = EffectRegistry()
        var generator = SystemRandomNumberGenerator()
        let effects = (0..<64).map { RegisteredEffect(token: $0 % 3 == 0 ? EffectToken($0 % 5) : nil) }
        let tasks = effects.map { Self.start($0, in: registry) }
        #expect(registry.count == 64)
        #expect(registry.tokenCount == 5)
        for effect in effects.shuffled(using: &generator) {
            registry.finish(effect)
            registry.checkInvariants()
        }
        #expect(registry.count == 0 && registry.tokenCount == 0)
        tasks.forEach { $0.cancel() }
    }

    @Test("A token keeps its effects until one replaces them; the replaced are cancelled and stay running until they end")
    func tokens() {
        let registry = EffectRegistry()
        let token = EffectToken("search")
        let first = RegisteredEffect(token: token)
        let second = RegisteredEffect(token: token)
        let firstTask = Self.start(first, in: registry)
        let secondTask = Self.start(second, in: registry)
        #expect(registry.tokenCount == 1)
        let third = RegisteredEffect(token: token)
        let thirdTask = Self.start(third, in: registry, replacing: true)
        #expect(firstTask.isCancelled && secondTask.isCancelled && !thirdTask.isCancelled)
        #expect(first.token == nil && first.isCancelled && second.token == nil)
        #expect(registry.count == 3 && registry.tokenCount == 1)
        registry.finish(first)
        registry.finish(second)
        registry.checkInvariants()
        registry.finish(third)
        registry.checkInvariants()
        #expect(registry.count == 0 && registry.tokenCount == 0)
    }

    @Test("Cancelling a token cancels its effects and no other; they leave when their tasks end")
    func cancellingAToken() {
        let registry = EffectRegistry()
        let first = RegisteredEffect(token: EffectToken(1))
        let second = RegisteredEffect(token: EffectToken(1))
        let other = RegisteredEffect(token: EffectToken(2))
        let tasks = [first, second, other].map { Self.start($0, in: registry) }
        registry.cancel(EffectToken(1))
        registry.checkInvariants()
        #expect(tasks.map(\.isCancelled) == [true, true, false])
        #expect(registry.count == 3 && registry.tokenCount == 1)
        registry.cancel(EffectToken(3))
        registry.checkInvariants()
        #expect(registry.count == 3 && registry.tokenCount == 1)
        [first, second, other].forEach(registry.finish)
        registry.checkInvariants()
        #expect(registry.count == 0 && registry.tokenCount == 0)
    }

    @Test("Cancelling one effect takes it from its token and leaves the token's others; once it ended, nothing")
    func cancellingOneEffect() {
        let registry = EffectRegistry()
        let first = RegisteredEffect(token: EffectToken(1))
        let second = RegisteredEffect(token: EffectToken(1))
        let tasks = [first, second].map { Self.start($0, in: registry) }
        registry.cancel(first)
        registry.checkInvariants()
        #expect(tasks.map(\.isCancelled) == [true, false])
        #expect(first.token == nil && second.token == EffectToken(1) && registry.tokenCount == 1)
        registry.finish(first)
        registry.cancel(first)
        registry.checkInvariants()
        registry.cancel(second)
        registry.checkInvariants()
        #expect(registry.tokenCount == 0 && registry.count == 1)
        registry.finish(second)
        registry.checkInvariants()
        #expect(registry.count == 0)
    }

    @Test("An effect cancelled before its task exists has the task cancelled when it is attached")
    func cancelledBeforeItsTask() {
        let registry = EffectRegistry()
        let effect = RegisteredEffect(token: EffectToken(1))
        #expect(registry.register(effect, cancelsInFlight: false, tracked: true, interval: nil) { nil } == .registered)
        registry.cancel(EffectToken(1))
        registry.checkInvariants()
        #expect(effect.isCancelled && effect.task == nil && registry.count == 1)
        let task = Self.waitingTask()
        registry.attach(task, to: effect)
        registry.checkInvariants()
        #expect(task.isCancelled && effect.task == task)
        registry.finish(effect)
        registry.checkInvariants()
    }

    @Test("A task attached after its effect ended is not kept")
    func attachedAfterTheEnd() {
        let registry = EffectRegistry()
        let effect = RegisteredEffect(token: nil)
        #expect(registry.register(effect, cancelsInFlight: false, tracked: true, interval: nil) { nil } == .registered)
        registry.finish(effect)
        let task = Self.waitingTask()
        registry.attach(task, to: effect)
        registry.checkInvariants()
        #expect(effect.task == nil && !task.isCancelled && registry.count == 0)
        task.cancel()
    }

    @Test("An untracked effect gets an order, no place, and still cancels its token's effects in flight")
    func untracked() {
        let registry = EffectRegistry()
        let running = RegisteredEffect(token: EffectToken(1))
        let task = Self.start(running, in: registry)
        let quick = RegisteredEffect(token: EffectToken(1))
        #expect(registry.register(quick, cancelsInFlight: true, tracked: false, interval: nil) { nil } == .registered)
        registry.checkInvariants()
        #expect(quick.order == 1 && quick.index == nil && task.isCancelled)
        #expect(registry.count == 1 && registry.tokenCount == 0)
        #expect(registry.register(quick, cancelsInFlight: true, tracked: false, interval: nil) { nil } == .alreadyRegistered)
        registry.finish(running)
        registry.checkInvariants()
    }

    @Test("Cancelling all cancels every effect; they stay running until their tasks end")
    func cancellingAll() async {
        let registry = EffectRegistry()
        let effects = [RegisteredEffect(token: EffectToken(1)), RegisteredEffect(token: nil), RegisteredEffect(token: EffectToken(2))]
        for effect in effects {
            #expect(registry.register(effect, cancelsInFlight: false, tracked: true, interval: nil) { nil } == .registered)
            // Each task ends its own effect, as a launch's does.
            registry.attach(Task { [registry] in
                _ = try? await Task.sleep(for: .seconds(3_600))
                registry.finish(effect)
            }, to: effect)
        }
        registry.cancelAll()
        registry.checkInvariants()
        #expect(effects.allSatisfy { $0.isCancelled && $0.token == nil })
        #expect(registry.tokenCount == 0)
        await registry.waitUntilIdle()
        registry.checkInvariants()
        #expect(registry.count == 0)
    }

    @Test("A throttle closes its token's gate, which drops the next effect until its timer opens it")
    func throttleGate() async {
        let registry = EffectRegistry()
        let token = EffectToken("throttled")
        let first = RegisteredEffect(token: token)
        #expect(registry.register(first, cancelsInFlight: false, tracked: true, interval: .seconds(3_600)) { ContinuousClock() } == .registered)
        registry.checkInvariants()
        // The effect and the gate's timer.
        #expect(registry.count == 2 && registry.tokenCount == 2)
        let dropped = RegisteredEffect(token: token)
        #expect(registry.register(dropped, cancelsInFlight: false, tracked: true, interval: .seconds(3_600)) { ContinuousClock() } == .dropped)
        registry.checkInvariants()
        #expect(dropped.order == nil && registry.count == 2)
        registry.attach(Self.waitingTask(), to: first)
        // Cancelled, the timer opens the gate and ends.
        registry.cancelAll()
        registry.finish(first)
        await registry.waitUntilIdle()
        registry.checkInvariants()
        #expect(registry.count == 0 && registry.tokenCount == 0)
        let next = RegisteredEffect(token: token)
        #expect(registry.register(next, cancelsInFlight: false, tracked: false, interval: .seconds(3_600)) { nil } == .registered)
        registry.checkInvariants()
        #expect(registry.count == 0)
    }

    @Test("Waiting until idle waits for every effect, those started during the wait too")
    func waitingUntilIdle() async {
        let registry = EffectRegistry()
        let first = RegisteredEffect(token: nil)
        let second = RegisteredEffect(token: nil)
        #expect(registry.register(first, cancelsInFlight: false, tracked: true, interval: nil) { nil } == .registered)
        registry.attach(Task { [registry] in
            // Starts another before it ends.
            #expect(registry.register(second, cancelsInFlight: false, tracked: true, interval: nil) { nil } == .registered)
            registry.attach(Task { [registry] in registry.finish(second) }, to: second)
            registry.finish(first)
        }, to: first)
        await registry.waitUntilIdle()
        registry.checkInvariants()
        #expect(registry.count == 0 && first.index == nil && second.index == nil)
    }
}
