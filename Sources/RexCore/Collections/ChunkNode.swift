/// A node of ``ElementChunks``: up to `room` values (elements, or the nodes below) in one
/// allocation, copied by code compiled for the app's element type.
///
/// The chunks were nested `ContiguousArray`s, whose copy on write goes through the standard
/// library's code for any element type: each element copied through its type's value witnesses,
/// the array's type looked up at run time. A kept state makes the next change copy a leaf and
/// the nodes above it (then about 51 values): about 60 instructions a value that way, about 40
/// here, most of it the retain itself (W15: 9,663 → 7,813 instructions a turn).
/// (A node's `deinit` is compiled once for any `Value`: destroying the values through a function
/// made for the app's `Value`, kept in the header, saved 91 instructions a turn of W15 for 16
/// bytes a node, and is not done.)
///
/// A node is changed only by the chunks value that holds it, and every node above it, alone:
/// changes go from the top down (`ElementChunks.makeRootUnique()`, then
/// ``withUniqueChild(at:as:_:)`` at each level, which copies a child anything else holds before
/// handing it out). A node others may share is only read.
///
/// Invariant (`0 <= count <= room` checked in debug builds after each change): the first `count`
/// values are initialized and the others are not, but for the slot at `index` while a `_modify`
/// access through ``subscript(_:)`` or a call of ``withUniqueChild(at:as:_:)`` is under way (its
/// value is moved out for the access and back in after it). Every index handed in is checked
/// against `count`, in every build: an index past it would read memory that holds no value.
///
/// An index node (`Value` is `AnyObject`) holds nodes of one type, the level below's; each child
/// is read as that type by an `unsafeDowncast`, which debug builds check.
@usableFromInline
final class ChunkNode<Value>: ManagedBuffer<ChunkNodeHeader, Value> {
    /// An empty node with room for `room` values.
    @inlinable
    static func make(room: Int) -> ChunkNode {
        // `create`, called on a subclass, makes an instance of that subclass.
        unsafeDowncast(create(minimumCapacity: room) { _ in ChunkNodeHeader(count: 0, room: room) }, to: ChunkNode.self)
    }

    deinit {
        withUnsafeMutablePointers { header, values in
            let count = header.pointee.count
            // An index node's children (`Value` is `AnyObject`) are released by code compiled
            // for class references; other values go through their type's value witnesses, as
            // this `deinit` is compiled once for any `Value` (an index node's free took about
            // 140 instructions that way, W15's turn frees four).
            if Value.self == AnyObject.self {
                // One move a child (`deinitialize(count:)` would call the runtime's array
                // destroyer, which looks up how to destroy a value for each).
                let children = UnsafeMutableRawPointer(values).assumingMemoryBound(to: AnyObject.self)
                for index in 0..<count {
                    _ = (children + index).move()
                }
            } else {
                values.deinitialize(count: count)
            }
        }
    }

    // The header is read and written through its pointer, never as `header`: a class's stored
    // property is checked for exclusive access at run time, about 50 instructions an access.

    /// The number of values held.
    @inlinable
    var count: Int {
        withUnsafeMutablePointerToHeader { $0.pointee.count }
    }

    /// The number of values the node has room for.
    @inlinable
    var room: Int {
        withUnsafeMutablePointerToHeader { $0.pointee.room }
    }

    /// A node of its own holding these values, with room for `room` (at least `count`).
    ///
    /// - Complexity: O(`count`).
    @inlinable
    func copy(room: Int) -> ChunkNode {
        precondition(room >= count, "ChunkNode.copy: room for \(room) values, \(count) held")
        let copy = ChunkNode.make(room: room)
        let count = self.count
        withUnsafeMutablePointerToElements { values in
            copy.withUnsafeMutablePointers { copyHeader, copies in
                // One value at a time, in code compiled for `Value`: `initialize(from:count:)`
                // copies through the value witnesses.
                for index in 0..<count {
                    (copies + index).initialize(to: values[index])
                }
                copyHeader.pointee.count = count
            }
        }
        copy.checkInvariant()
        return copy
    }

    /// The value at `index`.
    @inlinable
    subscript(index: Int) -> Value {
        get {
            checkIndex(index)
            return withUnsafeMutablePointerToElements { $0[index] }
        }
        _modify {
            checkIndex(index)
            // The value is moved out for the access and moved back after it, even when the
            // access ends with an error: the slot holds no value only while the caller, who
            // holds this node alone, changes the value.
            var value = withUnsafeMutablePointerToElements { ($0 + index).move() }
            defer { withUnsafeMutablePointerToElements { ($0 + index).initialize(to: value) } }
            yield &value
        }
    }

    /// Calls `body` with the value at `index`, in place, and returns what it returns.
    @inlinable
    func update<Result>(at index: Int, _ body: (inout Value) throws -> Result) rethrows -> Result {
        checkIndex(index)
        return try withUnsafeMutablePointerToElements { try body(&$0[index]) }
    }

    /// The child at `index` of an index node, read as the node it is: a node of the level below
    /// (`ChunkNode<AnyObject>`) or a leaf (`ChunkNode<Element>`). Checked in debug builds.
    @inlinable
    func child<ChildValue>(at index: Int, as type: ChunkNode<ChildValue>.Type) -> ChunkNode<ChildValue> where Value == AnyObject {
        unsafeDowncast(self[index], to: type)
    }

    /// The child at `index` of an index node, read as the node it is, copied first (the copy
    /// taking its place) when anything else holds it, so that the caller, which holds this node
    /// alone, may change it.
    @inlinable
    func uniqueChild<ChildValue>(at index: Int, as type: ChunkNode<ChildValue>.Type) -> ChunkNode<ChildValue> where Value == AnyObject {
        withUniqueChild(at: index, as: type) { $0 }
    }

    /// Calls `body` with the child at `index` of an index node, read as the node it is and
    /// copied first (the copy taking its place) when anything else holds it, so that `body`,
    /// called for a node the caller holds alone, may change it; returns what `body` returns.
    ///
    /// The child is moved out of its slot for the call and back in after it, even when `body`
    /// throws: a path walked through these calls retains no node on the way down, where a child
    /// returned by ``uniqueChild(at:as:)`` is retained for the caller, and released after (W15:
    /// a retain and a release a level, at least four levels a change, for about 15 ns each
    /// pair). `body` must not assign the node it is lent.
    @inlinable
    func withUniqueChild<ChildValue, Result>(at index: Int, as type: ChunkNode<ChildValue>.Type, _ body: (inout ChunkNode<ChildValue>) throws -> Result) rethrows -> Result where Value == AnyObject {
        checkIndex(index)
        return try withUnsafeMutablePointerToElements { children in
            // Checked as the node's own type: in a debug build on Linux,
            // `isKnownUniquelyReferenced` of an `AnyObject` held once answered `false`.
            var child = unsafeDowncast((children + index).move(), to: type)
            defer { (children + index).initialize(to: child) }
            if !isKnownUniquelyReferenced(&child) {
                child = child.copy(room: child.room)
            }
            return try body(&child)
        }
    }

    /// Adds a value at the end.
    ///
    /// - Precondition: There is room for it.
    @inlinable
    func append(_ value: Value) {
        withUnsafeMutablePointers { header, values in
            precondition(header.pointee.count < header.pointee.room, "ChunkNode.append: no room")
            (values + header.pointee.count).initialize(to: value)
            header.pointee.count += 1
        }
        checkInvariant()
    }

    /// Removes the last value and returns it.
    ///
    /// - Precondition: There is a value.
    @inlinable
    @discardableResult
    func removeLast() -> Value {
        let value = withUnsafeMutablePointers { header, values in
            precondition(header.pointee.count > 0, "ChunkNode.removeLast: no value")
            header.pointee.count -= 1
            return (values + header.pointee.count).move()
        }
        checkInvariant()
        return value
    }

    /// Removes the value at `index` and returns it; the values after it come one closer.
    ///
    /// - Complexity: O(`count - index`).
    @inlinable
    @discardableResult
    func remove(at index: Int) -> Value {
        checkIndex(index)
        let value = withUnsafeMutablePointers { header, values in
            let removed = (values + index).move()
            (values + index).moveInitialize(from: values + index + 1, count: header.pointee.count - index - 1)
            header.pointee.count -= 1
            return removed
        }
        checkInvariant()
        return value
    }

    /// Exchanges the values at two indices by moving their memory (no value retained or
    /// released).
    @inlinable
    func swapByMoving(_ i: Int, _ j: Int) {
        checkIndex(i)
        checkIndex(j)
        let count = self.count
        withUnsafeMutablePointerToElements { UnsafeMutableBufferPointer(start: $0, count: count).swapAt(i, j) }
    }

    /// Calls `body` with the values held, in order, and returns what it returns.
    @inlinable
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Value>) throws -> Result) rethrows -> Result {
        let count = self.count
        return try withUnsafeMutablePointerToElements { try body(UnsafeBufferPointer(start: $0, count: count)) }
    }

    /// Stops the program when `index` is not the index of a value held.
    @inlinable
    func checkIndex(_ index: Int) {
        precondition(index >= 0 && index < count, "ChunkNode: index \(index) out of \(count) values")
    }

    /// Stops a debug build whose node breaks its invariant.
    @inlinable
    func checkInvariant() {
        assert(count >= 0 && count <= room, "ChunkNode: \(count) values held in room for \(room)")
    }
}

/// What a ``ChunkNode`` keeps before its values.
@usableFromInline
struct ChunkNodeHeader {
    /// The number of values held.
    @usableFromInline
    var count: Int
    /// The number of values the node has room for.
    @usableFromInline
    let room: Int

    @inlinable
    init(count: Int, room: Int) {
        self.count = count
        self.room = room
    }
}

extension ChunkNode: RandomAccessCollection {
    @inlinable
    var startIndex: Int { 0 }

    @inlinable
    var endIndex: Int { count }
}

extension ChunkNode: Equatable where Value: Equatable {
    /// Whether both hold equal values in the same order; at once when they are one node.
    @inlinable
    static func == (lhs: ChunkNode, rhs: ChunkNode) -> Bool {
        if lhs === rhs { return true }
        // Compared in place: an iterator would retain each child node it hands out.
        return lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in
                left.count == right.count && left.indices.allSatisfy { left[$0] == right[$0] }
            }
        }
    }
}
