/// An effect's place in an ``EffectRegistry``: what the registry needs to find, cancel and wait
/// for it, whatever the effect's types.
///
/// One object per effect, which the effect's task keeps as its context and the registry keeps
/// as its entry, so that registering and forgetting an effect hashes nothing but its token.
///
/// The properties skip Swift's run-time exclusivity checks: the registry's lock already keeps
/// accesses apart, and each check cost about 150 instructions, several per effect. The
/// registry's own properties skip them for the same reason.
///
/// Invariant, under the registry's lock: `order` is given once, when the effect is registered,
/// and never changes; `index` is set only while the effect is running (so only once it has an
/// `order`); `task` is kept only while it is running (stored by `attach`, let go when it ends,
/// so that the effect and its task do not keep each other); a cancelled effect has no `token`
/// (it has left its token's effects). ``checkInvariant()`` checks it in debug builds.
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

    /// Stops a debug build if the effect breaks its invariant. Call with the registry's lock
    /// held.
    final func checkInvariant() {
        #if DEBUG
        assert(index == nil || order != nil, "RegisteredEffect: running at \(index!) with no place in the order")
        assert(task == nil || index != nil, "RegisteredEffect: a task kept by an effect that is not running")
        assert(!isCancelled || token == nil, "RegisteredEffect: cancelled, and still under the token \(token!)")
        #endif
    }
}
