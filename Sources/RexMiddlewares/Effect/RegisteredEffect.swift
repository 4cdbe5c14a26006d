/// An effect's place in an ``EffectRegistry``: what the registry needs to find, cancel and wait
/// for it, whatever the effect's types.
///
/// One object per effect, which the effect's task keeps as its context and the registry keeps
/// as its entry, so that registering and forgetting an effect hashes nothing but its token.
///
/// The properties skip Swift's run-time exclusivity checks: the registry's lock already keeps
/// accesses apart, and each check cost about 150 instructions, several per effect. The
/// registry's own properties skip them for the same reason.
@usableFromInline
class RegisteredEffect: @unchecked Sendable {  // every stored property is guarded by the registry's lock
    /// The effect's token; `nil` when it has none, or once it has been cancelled.
    @exclusivity(unchecked) @usableFromInline var token: EffectToken?
    /// `nil` while the launcher is creating the task, and again once the effect has ended.
    @exclusivity(unchecked) @usableFromInline var task: Task<Void, Never>?
    /// Cancelled before its task existed: the launcher cancels the task once made.
    @exclusivity(unchecked) @usableFromInline var isCancelled = false
    /// Where the effect is in the registry's list of running effects; `nil` when not running.
    @exclusivity(unchecked) @usableFromInline var index: Int?
    /// When it was registered, in the registry's order; `nil` until then.
    @exclusivity(unchecked) @usableFromInline var order: UInt64?

    @usableFromInline
    init(token: EffectToken?) {
        self.token = token
    }
}
