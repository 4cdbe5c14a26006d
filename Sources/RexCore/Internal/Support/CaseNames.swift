/// The names of an enum's cases without payload, by the bits of their values: what lets a
/// description name such a case without reflecting it (`Mirror` and the standard library's text
/// cost thousands of instructions a value).
///
/// A value's bits decide its case: two values of different cases never have the same bits. So a
/// name kept for a value's bits is the name of any value with those bits. Only values of up to
/// eight bytes are kept, and at most `limit` per type.
final class CaseNames: @unchecked Sendable {  // `byBits` is guarded by `lock`
    private let lock = Lock()
    private var byBits: [UInt64: String] = [:]

    /// How many names a type keeps at most.
    static let limit = 256

    /// The name kept for `value`'s bits, if any.
    func name<Value>(of value: Value) -> String? {
        guard let bits = Self.bits(of: value) else { return nil }
        return lock.withLock { byBits[bits] }
    }

    /// Keeps `name` as the name of `value`'s case, a case without payload.
    func keep<Value>(_ name: String, for value: Value) {
        guard let bits = Self.bits(of: value) else { return }
        lock.withLock {
            if byBits.count < Self.limit { byBits[bits] = name }
        }
    }

    /// The bits of a value of up to eight bytes, as a number; `nil` for a larger value.
    private static func bits<Value>(of value: Value) -> UInt64? {
        guard MemoryLayout<Value>.size <= 8 else { return nil }
        return withUnsafeBytes(of: value) { bytes in
            bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
    }
}
