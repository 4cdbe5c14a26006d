/// The de-duplicating selections of one store whose values have one type, kept side by side and
/// offered each state in one loop.
///
/// Offering a state to a hundred projections one closure at a time costs two indirect calls
/// each (the selection, then its mapping), plus the unpacking of each closure's captures. Here
/// the mappings, last values and subscribers sit in parallel arrays: each member costs one call
/// to its mapping and an inline comparison with its last value.
@usableFromInline
final class DeduplicatingGroup<State, Value: Equatable>: @unchecked Sendable {
    // Every property is guarded by the store's state lock (`StoreCore.lock`): members join,
    // leave and are offered states only while it is held. Unchecked exclusivity for the same
    // reason, and because the dynamic checks would cost more than a member's whole offer.

    /// One member's mapping, in a box so that the loop can call it without retaining it.
    @usableFromInline
    final class Mapping: Sendable {
        @usableFromInline
        let transform: @Sendable (State) -> Value

        @inlinable
        init(_ transform: @escaping @Sendable (State) -> Value) {
            self.transform = transform
        }
    }

    /// Owns the mappings that `unretainedMappings` points to.
    @usableFromInline @exclusivity(unchecked)
    var mappings: ContiguousArray<Mapping> = []
    @usableFromInline @exclusivity(unchecked)
    var unretainedMappings: ContiguousArray<Unmanaged<Mapping>> = []
    /// The value each member saw last; a member joins with a value, so there always is one.
    @usableFromInline @exclusivity(unchecked)
    var lastValues: ContiguousArray<Value> = []
    @usableFromInline @exclusivity(unchecked)
    var passOns: ContiguousArray<@Sendable (Value) -> Bool> = []
    @usableFromInline @exclusivity(unchecked)
    var subscribers: ContiguousArray<Subscriber<State>> = []

    @inlinable
    init() {}

    /// Adds a member and offers it `state`; returns whether it has a value to deliver.
    @inlinable
    func join(
        _ subscriber: Subscriber<State>,
        transform: @escaping @Sendable (State) -> Value,
        passOn: @escaping @Sendable (Value) -> Bool,
        state: State
    ) -> Bool {
        let mapping = Mapping(transform)
        let value = transform(state)
        mappings.append(mapping)
        unretainedMappings.append(Unmanaged.passUnretained(mapping))
        lastValues.append(value)
        passOns.append(passOn)
        subscribers.append(subscriber)
        return passOn(value)
    }

    /// Removes the member with this subscriber id, and returns its subscriber; `nil` if there is none.
    @inlinable
    func leave(_ id: UInt64) -> Subscriber<State>? {
        guard let index = subscribers.firstIndex(where: { $0.id == id }) else { return nil }
        unretainedMappings.remove(at: index)
        mappings.remove(at: index)
        lastValues.remove(at: index)
        passOns.remove(at: index)
        return subscribers.remove(at: index)
    }

    /// Offers `state` to every member, and appends to `pending` those with a value to deliver.
    @inlinable
    func offer(_ state: State, into pending: inout ContiguousArray<Subscriber<State>>) {
        unretainedMappings.withUnsafeBufferPointer { mappings in
            lastValues.withUnsafeMutableBufferPointer { lastValues in
                for index in mappings.indices {
                    let value = mappings[index]._withUnsafeGuaranteedRef { $0.transform(state) }
                    if lastValues[index] == value {
                        continue
                    }
                    lastValues[index] = value
                    if passOns[index](value) {
                        pending.append(subscribers[index])
                    }
                }
            }
        }
    }
}
