/// The key of the one effect of `EffectMiddleware.supervise(_:effect:)`: the place
/// the supervisor was written, which is what a test that ends with the effect running is told.
@usableFromInline
struct SingleSupervisedEffect: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline let description: String

    @usableFromInline
    init(file: StaticString, line: UInt) {
        description = "supervise at \(file):\(line)"
    }

    /// The set of this one key, with `value`; empty when there is none.
    @inlinable
    func set<Value>(of value: Value?) -> [SingleSupervisedEffect: Value] {
        guard let value else { return [:] }
        return [self: value]
    }
}
