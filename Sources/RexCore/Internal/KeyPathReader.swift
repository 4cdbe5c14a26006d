/// Reads the value a key path names out of a root, from the root's memory when the path is made
/// of stored properties held inline.
///
/// `root[keyPath: path]` with a path known only at run time looks generic metadata up at every
/// read: about 400 instructions, more than the rest of a row's notification. A path of stored
/// properties of structs (`\AppState.todos`, `\AppState.lists.todos`) names bytes at a fixed
/// offset in the root, which `MemoryLayout.offset(of:)` gives once; reading there is a copy of
/// the value. Any other path (a computed property, a class on the way) is applied as usual, and
/// so is every path into a root larger than `largeRootSize`, which a read from its memory might
/// first copy whole onto the stack.
@usableFromInline
struct KeyPathReader<Root, Value>: Sendable {
    /// Where the value is in the root's memory; `nil` when the path is applied instead.
    @usableFromInline
    let offset: Int?
    @usableFromInline
    let path: KeyPath<Root, Value> & Sendable

    @inlinable
    init(_ path: KeyPath<Root, Value> & Sendable) {
        self.path = path
        offset = MemoryLayout<Root>.size <= Self.largeRootSize ? MemoryLayout<Root>.offset(of: path) : nil
    }

    /// The size above which a root is read through its key path.
    @inlinable
    static var largeRootSize: Int { 4_096 }

    /// Returns the value at the path in `root`.
    @inlinable
    func callAsFunction(_ root: Root) -> Value {
        guard let offset else { return root[keyPath: path] }
        // The offset is of a stored `Value` inside `root`, aligned for it: `load` copies it out.
        return withUnsafePointer(to: root) { UnsafeRawPointer($0).load(fromByteOffset: offset, as: Value.self) }
    }
}
