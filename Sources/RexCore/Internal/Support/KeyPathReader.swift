/// Reads the value a key path names out of a root, without applying the key path at run time
/// where it can.
///
/// `root[keyPath: path]` with a path known only at run time looks generic metadata up at every
/// read: about 400 instructions, more than the rest of a row's notification or of an element's
/// change. Two ways around it:
///
/// - A path of stored properties of structs (`\AppState.todos`, `\AppState.lists.todos`) names
///   bytes at a fixed offset in the root, which `MemoryLayout.offset(of:)` gives once; the value
///   is lent from there, or copied out. Not for a root larger than `largeRootSize`, which a read
///   from its memory might first copy whole onto the stack.
/// - A path to a protocol requirement (`\.id` of an `Identifiable` element, in generic code)
///   names no offset; whoever makes the reader can give a closure that reads the requirement.
///
/// Any other path (a computed property, a class on the way) is applied as usual.
///
/// Invariant: `offset`, when there is one, is what `MemoryLayout<Root>.offset(of: path)` gave for
/// a root of at most `largeRootSize` bytes: the `MemoryLayout<Value>.size` bytes there lie inside
/// the root, aligned for a `Value`, and hold its stored `Value`, bound to that type. A pointer to
/// them is made from the root's own memory (`withUnsafeMutablePointer(to:)` for `withValue`, read
/// and lent only; `withUnsafePointer(to:)` for a copy) and used only inside that closure. `read`,
/// when the caller gave it, reads what the path names. A debug build checks the bounds and the
/// alignment when the reader is made (``checkInvariants()``).
@usableFromInline
struct KeyPathReader<Root, Value>: Sendable {
    /// Where the value is in the root's memory; `nil` when `read` reads it.
    @usableFromInline
    let offset: Int?
    /// Reads the value when there is no offset: the closure given, or the path applied.
    /// One closure rather than the path beside it, so that copying a reader (and an identified
    /// array, which holds one) retains one reference, as a key path did.
    @usableFromInline
    let read: @Sendable (Root) -> Value
    /// Whether `read` is the path applied at run time: the slow way, that a test can rule out.
    @usableFromInline
    let appliesPath: Bool

    /// A reader of `path`; `read`, when given, must read what `path` names.
    @inlinable
    init(_ path: KeyPath<Root, Value> & Sendable, read: (@Sendable (Root) -> Value)? = nil) {
        offset = MemoryLayout<Root>.size <= Self.largeRootSize ? MemoryLayout<Root>.offset(of: path) : nil
        appliesPath = read == nil
        self.read = read ?? { $0[keyPath: path] }
        #if DEBUG
        checkInvariants()
        #endif
    }

    /// Stops a debug build when the offset names bytes that are not a `Value` inside the root:
    /// past its end, or not aligned for a `Value`.
    @inlinable
    func checkInvariants() {
        guard let offset else { return }
        assert(MemoryLayout<Root>.size <= Self.largeRootSize, "KeyPathReader: an offset into a root of \(MemoryLayout<Root>.size) bytes")
        assert(
            offset >= 0 && offset + MemoryLayout<Value>.size <= MemoryLayout<Root>.size,
            "KeyPathReader: \(MemoryLayout<Value>.size) bytes at \(offset) are not inside a root of \(MemoryLayout<Root>.size)"
        )
        assert(offset % MemoryLayout<Value>.alignment == 0, "KeyPathReader: offset \(offset) is not aligned for \(Value.self)")
    }

    /// The size above which a root is not read from its memory.
    @inlinable
    static var largeRootSize: Int { 4_096 }

    /// Calls `body` with the value at the path in `root`, lent where it lies in the root's
    /// memory rather than copied out (a copy of a value that holds references retains each and
    /// releases it again).
    ///
    /// The root is taken `inout`, as the store hands its state to selections: a pointer to memory
    /// reached through an `inout` access may be used to access it in place
    /// (`withUnsafeMutablePointer(to:_:)`), where a pointer from `withUnsafePointer(to:_:)`
    /// is for reading only. Nothing is written.
    @inlinable
    func withValue<Result>(in root: inout Root, _ body: (borrowing Value) -> Result) -> Result {
        guard let offset else { return body(read(root)) }
        return withUnsafeMutablePointer(to: &root) { rootPointer in
            // The bytes at the offset are a stored `Value` of `root`, bound to its type
            // (`MemoryLayout.offset(of:)`'s contract).
            let value = UnsafeMutableRawPointer(rootPointer).advanced(by: offset).assumingMemoryBound(to: Value.self)
            return Self.lend(&value.pointee, to: body)
        }
    }

    /// Calls `body` with `value`, borrowed from the access: passed on from memory that only an
    /// `inout` access reaches, which no one else may write meanwhile, the value is not copied,
    /// where a `pointee` passed on is (memory behind a pointer might be written during the call).
    /// Nothing writes `value`: it is the root's own memory, lent.
    @inlinable
    static func lend<Result>(_ value: inout Value, to body: (borrowing Value) -> Result) -> Result {
        body(value)
    }

    /// Returns the value at the path in `root`, copied out of the root's memory (read through a
    /// read-only pointer), or read through the path.
    @inlinable
    func callAsFunction(_ root: Root) -> Value {
        guard let offset else { return read(root) }
        return withUnsafePointer(to: root) { rootPointer in
            // As in `withValue`: a stored `Value` of `root`, bound to its type; only read.
            UnsafeRawPointer(rootPointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
        }
    }
}
