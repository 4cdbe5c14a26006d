/// The part of the state an ``EffectSupervisor`` saw at its last check, and the check itself:
/// whether the part of a new state differs from it.
///
/// A class of its own, made and called where the app's types are known (the supervisor's
/// inlinable initializer), so that reading the part and comparing it run specialized: from the
/// supervision's generic code, each turn looked up the metadata of the part's optional and ran
/// its `==` unspecialized (W2s: about 1,000 instructions of an unchanged turn).
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
        if let value, value == current {
            return false
        }
        value = current
        return true
    }
}
