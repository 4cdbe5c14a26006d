import RexCore

// A middleware built around effect middlewares runs their effects: lifted (as the entry point
// lifts a feature's effects to the app's types), or joined with `<>`. So it can be handed to
// `TestStore`'s `effects:` as the entry point builds it.

extension LiftMiddleware: EffectRunning where Inner: EffectRunning {
    /// How many effects the lifted middleware is running now.
    public var runningEffectCount: Int {
        inner.runningEffectCount
    }

    /// The keys of the effects the lifted middleware's state keeps running.
    public var keptEffectKeys: [String] {
        inner.keptEffectKeys
    }

    /// Returns once the lifted middleware's effects have ended.
    public func waitForEffects() async {
        await inner.waitForEffects()
    }
}

extension MiddlewarePair: EffectRunning where First: EffectRunning, Second: EffectRunning {
    /// How many effects both middlewares are running now.
    public var runningEffectCount: Int {
        first.runningEffectCount + second.runningEffectCount
    }

    /// The keys of the effects the state keeps running, in both middlewares.
    public var keptEffectKeys: [String] {
        first.keptEffectKeys + second.keptEffectKeys
    }

    /// Returns once both middlewares' effects have ended, and every effect they start meanwhile.
    public func waitForEffects() async {
        repeat {
            await first.waitForEffects()
            await second.waitForEffects()
        } while runningEffectCount > 0
    }
}

extension LiftOptionalMiddleware: EffectRunning where Inner: EffectRunning {
    /// How many effects the lifted middleware is running now.
    public var runningEffectCount: Int {
        inner.runningEffectCount
    }

    /// The keys of the effects the lifted middleware's state keeps running.
    public var keptEffectKeys: [String] {
        inner.keptEffectKeys
    }

    /// Returns once the lifted middleware's effects have ended.
    public func waitForEffects() async {
        await inner.waitForEffects()
    }
}

extension LiftToCollectionMiddleware: EffectRunning where Inner: EffectRunning {
    /// How many effects the elements' middleware is running now, for every element.
    public var runningEffectCount: Int {
        inner.runningEffectCount
    }

    /// The keys of the effects the elements' state keeps running, for every element.
    public var keptEffectKeys: [String] {
        inner.keptEffectKeys
    }

    /// Returns once the elements' middleware's effects have ended.
    public func waitForEffects() async {
        await inner.waitForEffects()
    }
}
