/// How a field diff looks into two values of one type, decided once per type: through the
/// collection's own knowledge of its changed elements, through the struct's layout, or (neither
/// given) through `Mirror`.
///
/// Kept per type for the life of the process, so that a diff pays no cast to a protocol and no
/// reflection of a type it has seen: a dictionary look-up under a lock.
struct FieldDiffPlan {
    /// The type itself, when it knows which of its elements may differ.
    let elements: (any FieldDiffElements.Type)?
    /// Where the fields of a struct lie, when that can be found (see `FieldLayout`).
    let layout: FieldLayout?

    /// The plan for `Value` (a value's own type, not `Any`), found from `value` the first time.
    ///
    /// - Complexity: O(the type's fields) the first time; a dictionary look-up under a lock after.
    static func of<Value>(_: Value.Type, from value: Value) -> FieldDiffPlan {
        let type = ObjectIdentifier(Value.self)
        if let known = foundPlans.lock.withLock({ foundPlans.byType[type] }) {
            return known
        }
        let elements = Value.self as? any FieldDiffElements.Type
        let found = FieldDiffPlan(elements: elements, layout: elements == nil ? FieldLayout(of: value) : nil)
        foundPlans.lock.withLock { foundPlans.byType[type] = found }
        return found
    }
}

/// The plans found so far.
private let foundPlans = FoundPlans()

/// The plans found so far, by type.
private final class FoundPlans: @unchecked Sendable {  // `byType` is guarded by `lock`
    let lock = Lock()
    var byType: [ObjectIdentifier: FieldDiffPlan] = [:]
}
