extension EffectRunning {
    /// No effect kept by the state: the effects of an ``EffectMiddleware`` end by themselves.
    public var keptEffectKeys: [String] {
        []
    }
}
