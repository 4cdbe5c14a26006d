/// The part of the state an ``EffectSupervisor`` saw at its last check, and the check itself:
/// whether the part of a new state differs from it.
///
/// A class of its own, made and called where the app's types are known (the supervisor's
/// inlinable initializer), so that reading the part and comparing it run specialized: from the
/// supervision's generic code, each turn looked up the metadata of the part's optional and ran
/// its `==` unspecialized (W2s: about 1,000 instructions of an unchanged turn).
///
/// Invariant: `value` is `nil` until the first ``replace(from:)`` (and again when the
/// supervision starts over, for a new lifetime), and then the part of the state last replaced
/// from; `replace` returns `true` exactly when it changed `value`. `value` is read and written
/// only with the supervision's lock held (unchecked exclusivity: that lock keeps the accesses
/// apart, and a check cost instructions on every turn); ``KeyedEffectSupervision`` checks the
/// lock is held where it calls in, in debug builds. ``checkInvariant(after:from:)`` checks the
/// rest.
@usableFromInline
final class LastPart<State, Part: Equatable & Sendable>: @unchecked Sendable {  // `value` is guarded by the supervision's lock, which every caller holds
    @usableFromInline let part: @Sendable (State) -> Part
    @usableFromInline @exclusivity(unchecked) var value: Part?

    @inlinable
    init(part: @escaping @Sendable (State) -> Part) {
        self.part = part
    }

    /// Keeps the part of `state` and returns whether it differs from the one kept before (or
    /// none was). Call with the supervision's lock held.
    @inlinable
    func replace(from state: State) -> Bool {
        let current = part(state)
        guard Self.differs(&value, from: current) else { return false }
        value = current
        return true
    }

    /// Whether the part of `state` differs from the one kept (or none is kept); keeps nothing.
    /// Call with the supervision's lock held.
    @inlinable
    func differs(from state: State) -> Bool {
        Self.differs(&value, from: part(state))
    }

    /// Whether `current` differs from `kept` (or nothing is kept), compared where `kept` lies:
    /// lent `inout`, the kept part is not copied out of the optional for the comparison (W2s:
    /// a retain and a release of a `Dictionary`'s storage a turn, about 50 instructions).
    @inlinable
    static func differs(_ kept: inout Part?, from current: Part) -> Bool {
        kept != current
    }

    /// Stops a debug build if `value` is not the part of `state`, the state it was last
    /// replaced from, or if `changed`, what that replace returned, is not whether the part
    /// differed from `before`. Call with the supervision's lock held.
    func checkInvariant(before: Part?, changed: Bool, from state: State) {
        #if DEBUG
        let current = part(state)
        assert(value == current, "LastPart: kept \(String(describing: value)), the state's part is \(current)")
        assert(changed == (before != current), "LastPart: said \(changed ? "changed" : "unchanged") from \(String(describing: before)) to \(current)")
        #endif
    }
}
