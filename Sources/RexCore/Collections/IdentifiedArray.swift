/// An ordered collection of elements with unique ids, that finds an element by its id in O(1).
///
/// The list of most apps' screens: a row per element, actions that name an element by its id.
/// An array finds an element by id in O(*n*); an `IdentifiedArray` keeps the position of every
/// id, so reading or changing one element by id costs the same for ten elements as for a
/// million:
///
/// ```swift
/// struct Todo: Identifiable, Sendable {
///     let id: Int
///     var title: String
///     var done = false
/// }
///
/// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Tea")]
/// todos[id: 2]?.done.toggle()       // in place, in O(1)
/// todos.remove(id: 1)
/// ```
///
/// It is a value with copy-on-write, like `Array`: a copy shares the storage until one of the
/// two changes. Changing an element through ``subscript(id:)`` changes it in place, without
/// copying the storage or the element. Positions are `Int` offsets from zero, as in `Array`.
///
/// Unlike an `Array`, a kept copy (a recorded state, an undo step) does not make the next change
/// of an element copy every element: the first change made while a copy is kept moves the
/// elements into chunks of 8 (O(*n*), once), and from then on changing an element, or adding or
/// removing one at the end, copies only the chunk it touches and the path to it. Inserting or
/// removing elsewhere (and setting `nil` by id) makes the chunks again, O(*n*), as it renumbers
/// the positions anyway. Two copies in chunks compare in the time of the chunks they do not share.
///
/// Every id is unique: adding an element whose id is already there does nothing and says so
/// (``append(_:)``), and replacing an element with one of another id stops the program, since
/// it could only be a mistake.
///
/// `ID` and `Element` are `SendableMetatype`s, as every concrete type is; generic code over an
/// identified array states it (or `Sendable`, which implies it) for its own type parameters.
/// The array reads its elements' ids wherever it is changed, so their conformance to
/// `Identifiable` must not be isolated to an actor.
public struct IdentifiedArray<ID: Hashable & SendableMetatype, Element: SendableMetatype> {
    /// Reads an element's id: from the element's memory when `id` is a stored property, as it
    /// usually is (see ``KeyPathReader``), rather than through its key path at run time, which
    /// cost several hundred instructions at every change of an element.
    @usableFromInline
    let id: KeyPathReader<Element, ID>
    /// The elements, in order: in one buffer, or in chunks once the array is kept in copies.
    @usableFromInline
    var values: ElementStorage<Element>
    /// The ids of `values`, in the same order, and the position of each (see ``IDIndex``).
    /// Changed only through ``withIDs(_:)``.
    @usableFromInline
    var idIndex: IDIndex<ID>
    /// Which ids changed recently, for row projections; not part of the value (`==` ignores it).
    ///
    /// Unchecked, because a log is a `ManagedBuffer`, which the standard library marks as never
    /// `Sendable`. Copies share it, and a copy that changes writes into it only the slot of a
    /// number it claimed atomically, which no copy reads (see ``ChangeLog``).
    @usableFromInline
    nonisolated(unsafe) var changes: LoggedChanges<ID>
    /// The position of the last element changed by id: where a change by id looks first (see
    /// `positionForChange(of:)`); a guess, checked, and not part of the value.
    @usableFromInline
    var lastChanged: Int

    /// Creates an identified array of elements whose ids are unique, each read through `id`.
    ///
    /// - Precondition: No two elements have the same id.
    /// - Complexity: O(*n*).
    @inlinable
    public init<S: Sequence>(uniqueElements: S, id: KeyPath<Element, ID> & Sendable) where S.Element == Element {
        self.init(uniqueElements: uniqueElements, idReader: KeyPathReader(id))
    }

    /// Creates an identified array of elements whose ids are unique, each read by `idReader`:
    /// for the operations that make the array again, with the reader they have.
    @inlinable
    init<S: Sequence>(uniqueElements: S, idReader: KeyPathReader<Element, ID>) where S.Element == Element {
        id = idReader
        let elements = ContiguousArray(uniqueElements)
        values = ElementStorage(elements)
        let ids = ContiguousArray(elements.lazy.map { idReader($0) })
        var positions = PositionTable(minimumCapacity: values.count)
        for (position, elementID) in ids.enumerated() {
            precondition(
                positions.position(of: elementID, in: ids) == nil,
                "IdentifiedArray(uniqueElements:): the id \(elementID) appears twice"
            )
            positions.add(elementID, at: position, in: ids)
        }
        idIndex = IDIndex(ids: ids, positions: positions)
        changes = LoggedChanges()
        lastChanged = 0
    }

    /// Creates an empty identified array whose elements' ids are read through `id`.
    @inlinable
    public init(id: KeyPath<Element, ID> & Sendable) {
        self.init(uniqueElements: [], id: id)
    }

    /// The ids of the elements, in order.
    @inlinable
    public var ids: ContiguousArray<ID> {
        idIndex.ids
    }

    /// Calls `body` with the ids and their positions, to change them: the index copied first
    /// when another copy of the array shares it.
    @inlinable
    mutating func withIDs<Result>(_ body: (inout ContiguousArray<ID>, inout PositionTable) throws -> Result) rethrows -> Result {
        if !isKnownUniquelyReferenced(&idIndex) {
            idIndex = idIndex.copy()
        }
        return try body(&idIndex.ids, &idIndex.positions)
    }

    /// Returns the position of the element with the given id, or `nil` when there is none.
    @inlinable
    public func index(id: ID) -> Int? {
        idIndex.position(of: id)
    }

    /// Returns whether an element has the given id.
    @inlinable
    public func contains(id: ID) -> Bool {
        index(id: id) != nil
    }

    /// The elements, in order, as an array.
    ///
    /// - Complexity: O(*n*), to copy them.
    @inlinable
    public var elements: [Element] {
        Array(values.contiguous)
    }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
    /// Creates an identified array of `Identifiable` elements whose ids are unique.
    ///
    /// - Precondition: No two elements have the same id.
    /// - Complexity: O(*n*).
    @inlinable
    public init<S: Sequence>(uniqueElements: S) where S.Element == Element {
        // `\.id` names the protocol's requirement here, which no offset names: the reader calls
        // the requirement instead of applying the key path at run time (several hundred
        // instructions at every change of an element, against a few).
        self.init(uniqueElements: uniqueElements, idReader: KeyPathReader(\.id, read: { $0.id }))
    }

    /// Creates an empty identified array of `Identifiable` elements.
    @inlinable
    public init() {
        self.init(uniqueElements: [])
    }
}

/// An identified array of `Identifiable` elements, identified by their `id`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}
