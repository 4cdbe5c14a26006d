/// Something that runs effects in tasks and can tell when they are done: what a test waits for,
/// or checks, before it ends.
public protocol EffectRunning: Sendable {
    /// How many effects are running now.
    var runningEffectCount: Int { get }
    /// Returns once every effect started so far, and every effect they start meanwhile, has ended.
    func waitForEffects() async
    /// The keys (described) of the running effects that the state keeps, which end only when the
    /// state lets them go (see ``EffectSupervisor``); none by default.
    var keptEffectKeys: [String] { get }
}

extension EffectMiddleware: EffectRunning {}
