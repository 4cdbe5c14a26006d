/// A part of the state an ``EffectSupervisor`` saw last, and the check itself: whether the part
/// of a new state differs from it. The supervisor keeps two: the part of its last check, and the
/// part of the last commit the store's observer saw.
///
/// A class of its own, made and called where the app's types are known (the supervisor's
/// inlinable initializer), so that reading the part and comparing it run specialized: from the
/// supervision's generic code, each turn looked up the metadata of the part's optional and ran
/// its `==` unspecialized (W2s: about 1,000 instructions of an unchanged turn).
///
/// Invariant: `value` is `nil` until the first ``replace(from:)`` (and again when the
/// supervision starts over, for a new lifetime), and then the part of the state last replaced
/// from; `replace` returns `true` exactly when it changed `value`. `value` is read and written
/// by one thread at a time (unchecked exclusivity: a check cost instructions on every turn):
/// the last check's part with the supervision's lock held, the committed part by the store's
/// turn, one at a time. Debug builds check both where the supervision calls in (the lock held,
/// in ``KeyedEffectSupervision``; no two observer calls overlapping, in `EffectSupervision`).
/// ``checkInvariant(before:changed:from:)`` checks the rest, in tests.
@usableFromInline
final class LastPart<State, Part: Equatable & Sendable>: @unchecked Sendable {  // `value` is guarded by its owner: the supervision's lock, or the store's turn
    @usableFromInline let part: @Sendable (State) -> Part
    @usableFromInline @exclusivity(unchecked) var value: Part?

    @inlinable
    init(part: @escaping @Sendable (State) -> Part) {
        self.part = part
    }

    /// Keeps the part of `state` and returns whether it differs from the one kept before (or
    /// none was). Call where `value` is guarded (see the invariant).
    @inlinable
    func replace(from state: State) -> Bool {
        let current = part(state)
        guard Self.differs(&value, from: current) else { return false }
        value = current
        return true
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
    /// differed from `before`. Call where `value` is guarded.
    func checkInvariant(before: Part?, changed: Bool, from state: State) {
        #if DEBUG
        let current = part(state)
        assert(value == current, "LastPart: kept \(String(describing: value)), the state's part is \(current)")
        assert(changed == (before != current), "LastPart: said \(changed ? "changed" : "unchanged") from \(String(describing: before)) to \(current)")
        #endif
    }
}
