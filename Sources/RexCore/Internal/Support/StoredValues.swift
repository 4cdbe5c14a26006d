/// What a field diff and a description do with a value of one type where it lies in memory (a
/// struct's field, at its offset in the struct's bytes), in code that knows the type: the value
/// is read as it is stored, with no `Any` around it, no cast out of one and no look-up of its
/// type's reflection, which together cost about a thousand instructions a field.
///
/// Each `TypeReflection` has one, for its own type; a struct's layout hands it the fields it
/// reads at their offsets (see `TypeReflection.fieldTypes`).
protocol StoredValueOperations: AnyObject {
    /// Appends the lines of a field diff of the value at `offset` in `old`'s bytes and the one at
    /// `offset` in `new`'s, two values of the type `type` reflects, at `path`.
    func appendDiff(
        _ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer, at offset: Int, reflected type: TypeReflection,
        path: String, hiding: [String], into lines: inout [String]
    )

    /// Appends the text `print` (or, when `debug`, `debugPrint`) writes for the value at `offset`
    /// in `bytes`, a value of the type `type` reflects.
    func appendText(_ bytes: UnsafeRawBufferPointer, at offset: Int, reflected type: TypeReflection, debug: Bool, to text: inout TextBytes)
}

/// `StoredValueOperations` for values of `Value`.
///
/// Invariant (the caller's, `FieldLayout`'s, checked when a layout is found): the bytes at
/// `offset` hold an initialized value of `Value`, aligned for it, as the fields a layout reads at
/// their offsets do. A debug build checks that such a value fits there, aligned.
final class StoredValues<Value>: StoredValueOperations {
    func appendDiff(
        _ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer, at offset: Int, reflected type: TypeReflection,
        path: String, hiding: [String], into lines: inout [String]
    ) {
        #if DEBUG
        precondition(Self.fits(at: offset, in: old) && Self.fits(at: offset, in: new), "StoredValues: no \(Value.self) at \(offset)")
        #endif
        appendValueDiff(
            old.load(fromByteOffset: offset, as: Value.self), new.load(fromByteOffset: offset, as: Value.self),
            reflected: type, path: path, hiding: hiding, into: &lines
        )
    }

    func appendText(_ bytes: UnsafeRawBufferPointer, at offset: Int, reflected type: TypeReflection, debug: Bool, to text: inout TextBytes) {
        #if DEBUG
        precondition(Self.fits(at: offset, in: bytes), "StoredValues: no \(Value.self) at \(offset)")
        #endif
        appendValueText(of: bytes.load(fromByteOffset: offset, as: Value.self), type, debug: debug, to: &text)
    }

    #if DEBUG
    /// Whether a value of `Value` fits at `offset` in `bytes`, aligned for it.
    private static func fits(at offset: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        guard let start = bytes.baseAddress else { return MemoryLayout<Value>.size == 0 }
        return offset >= 0 && offset + MemoryLayout<Value>.size <= bytes.count
            && Int(bitPattern: start + offset) % MemoryLayout<Value>.alignment == 0
    }
    #endif
}
