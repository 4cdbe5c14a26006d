/// The row projections of one store that select rows of one identified array, with one view
/// state type, kept by id.
///
/// Offered a state, the group asks the array which ids changed since the version it saw last
/// (see ``ChangeLog``) and compares the rows of those ids only: when one element changes, the
/// cost does not grow with the number of rows. When the array cannot tell (a wholesale
/// replacement, more changes than its log keeps), every row is compared, as a de-duplicating
/// projection would be.
///
/// A row whose element is gone keeps its last value (handed to its `keepLast`, for the row
/// projection's state) and is not called; when an element with its id comes back, the row is
/// compared with it as with any change.
///
/// Invariant: `rows` holds one member per row, at the position `rowPositions` gives for its id
/// (as many positions as rows); the row's other members are in `moreMembers[id]`, never an empty
/// array; `rowOfSubscriber` names the row of every member, and nothing else; `lastCompared` is
/// only a guess, checked before use. `join` and `leave` check the row they touched in debug
/// builds (``checkRow(_:)``, O(1)); ``checkInvariants()`` checks the whole group (O(*r*), for
/// tests).
@usableFromInline
final class RowGroup<State, ID: Hashable & SendableMetatype, Element: SendableMetatype, Value: Equatable>: @unchecked Sendable {
    // Every property is guarded by the store's state lock (`StoreCore.lock`): members join,
    // leave and are offered states only while it is held. Unchecked exclusivity for the same
    // reason, as in `DeduplicatingGroup`.

    /// One row subscription.
    @usableFromInline
    struct Member {
        // `id` and `last` first: what a change reads, together at the member's start.

        /// The id of its row's element: what a change is matched with.
        @usableFromInline
        let id: ID
        @usableFromInline
        var last: Value
        @usableFromInline
        let transform: @Sendable (Element) -> Value
        /// Takes a new value; returns whether the subscriber has something to deliver.
        @usableFromInline
        let passOn: @Sendable (Value) -> Bool
        /// Keeps the last value for the row while its element is gone.
        @usableFromInline
        let keepLast: @Sendable (Value) -> Void
        @usableFromInline
        let subscriber: Subscriber<State>

        @inlinable
        init(
            id: ID,
            last: Value,
            transform: @escaping @Sendable (Element) -> Value,
            passOn: @escaping @Sendable (Value) -> Bool,
            keepLast: @escaping @Sendable (Value) -> Void,
            subscriber: Subscriber<State>
        ) {
            self.id = id
            self.last = last
            self.transform = transform
            self.passOn = passOn
            self.keepLast = keepLast
            self.subscriber = subscriber
        }
    }

    /// Reads the array out of the store's state.
    @usableFromInline
    let collection: KeyPathReader<State, IdentifiedArray<ID, Element>>
    /// The first member of each row, in the order the rows joined: a list's rows usually join
    /// in the list's order, and its elements often change in runs in that order (a sync
    /// applying a page of updates, "mark all as done"), so the rows compared one after the other
    /// sit one after the other in memory, where the processor reads ahead. Members are stored in
    /// the array itself: in a long list, each object between would be a cache miss per changed
    /// row.
    @usableFromInline @exclusivity(unchecked)
    var rows: ContiguousArray<Member> = []
    /// The position in `rows` of each row, by its id.
    @usableFromInline @exclusivity(unchecked)
    var rowPositions: [ID: Int] = [:]
    /// The position in `rows` of the row compared last: where a change looks first, before
    /// `rowPositions` (see `rowPosition(of:)`); a guess, checked.
    @usableFromInline @exclusivity(unchecked)
    var lastCompared = 0
    /// The members after the first, of the rows that have more than one (most have one).
    @usableFromInline @exclusivity(unchecked)
    var moreMembers: [ID: ContiguousArray<Member>] = [:]
    /// The row id of each member, by subscriber id: for `leave`.
    @usableFromInline @exclusivity(unchecked)
    var rowOfSubscriber: [UInt64: ID] = [:]
    /// The version of the array the group last compared its rows with; `nil` before the first.
    @usableFromInline @exclusivity(unchecked)
    var seen: ChangeVersion?

    @inlinable
    init(collection: KeyPathReader<State, IdentifiedArray<ID, Element>>) {
        self.collection = collection
    }

    /// Adds a row subscriber with its value now (`fallback` when its element is gone), and
    /// returns whether it has a value to deliver.
    @inlinable
    func join(
        _ subscriber: Subscriber<State>,
        id: ID,
        transform: @escaping @Sendable (Element) -> Value,
        passOn: @escaping @Sendable (Value) -> Bool,
        keepLast: @escaping @Sendable (Value) -> Void,
        fallback: Value,
        state: State
    ) -> Bool {
        let elements = collection(state)
        let value = elements[id: id].map(transform) ?? fallback
        if seen == nil {
            // The first member: the rows are as of this version.
            seen = elements.changeVersion
        }
        let member = Member(id: id, last: value, transform: transform, passOn: passOn, keepLast: keepLast, subscriber: subscriber)
        if rowPositions[id] == nil {
            rowPositions[id] = rows.endIndex
            rows.append(member)
        } else {
            moreMembers[id, default: []].append(member)
        }
        rowOfSubscriber[subscriber.id] = id
        checkRow(id)
        return passOn(value)
    }

    /// Removes a subscriber; returns it, or `nil` if it is not a member.
    ///
    /// - Complexity: O(1) for the first member of a row; O(*m*) for *m* members of its row.
    @inlinable
    func leave(_ subscriberID: UInt64) -> Subscriber<State>? {
        guard let id = rowOfSubscriber.removeValue(forKey: subscriberID), let position = rowPositions[id] else {
            return nil
        }
        let first = rows[position].subscriber
        if first.id == subscriberID {
            // The next member of the row, if any, becomes its first.
            if var more = moreMembers.removeValue(forKey: id) {
                rows[position] = more.removeFirst()
                if !more.isEmpty {
                    moreMembers[id] = more
                }
            } else {
                removeRow(at: position)
            }
            checkRow(id)
            return first
        }
        guard let index = moreMembers[id]?.firstIndex(where: { $0.subscriber.id == subscriberID }) else { return nil }
        let removed = moreMembers[id]!.remove(at: index)
        if moreMembers[id]!.isEmpty {
            moreMembers[id] = nil
        }
        checkRow(id)
        return removed.subscriber
    }

    /// Stops a debug build if the row of `id` breaks the invariant: its position names a row of
    /// that id, its other members are not an empty list, and every member is named in
    /// `rowOfSubscriber`; a row that is gone has none of these.
    @inlinable
    func checkRow(_ id: ID) {
        #if DEBUG
        guard let position = rowPositions[id] else {
            assert(moreMembers[id] == nil, "RowGroup: members of a row that has none first")
            return
        }
        assert(rows.indices.contains(position) && rows[position].id == id, "RowGroup: the position of \(id) names another row")
        assert(moreMembers[id].map { !$0.isEmpty } ?? true, "RowGroup: an empty list of more members")
        let members = [rows[position]] + (moreMembers[id] ?? [])
        assert(members.allSatisfy { rowOfSubscriber[$0.subscriber.id] == id }, "RowGroup: a member of \(id) is not named as such")
        #endif
    }

    /// Stops a debug build if any part of the group breaks the invariant.
    ///
    /// - Complexity: O(*m*) for *m* members.
    @usableFromInline
    func checkInvariants() {
        #if DEBUG
        assert(rows.count == rowPositions.count, "RowGroup: \(rows.count) rows, \(rowPositions.count) positions")
        for (position, row) in rows.enumerated() {
            assert(rowPositions[row.id] == position, "RowGroup: row \(row.id) at \(position), listed at \(String(describing: rowPositions[row.id]))")
            checkRow(row.id)
        }
        assert(moreMembers.keys.allSatisfy { rowPositions[$0] != nil }, "RowGroup: more members of a row that is gone")
        let memberCount = rows.count + moreMembers.values.reduce(0) { $0 + $1.count }
        assert(rowOfSubscriber.count == memberCount, "RowGroup: \(rowOfSubscriber.count) subscribers named for \(memberCount) members")
        #endif
    }

    /// Removes a row that has no member left: the last row takes its place (O(1); the rows'
    /// order only serves `rowPosition(of:)`'s guess).
    @inlinable
    func removeRow(at position: Int) {
        rowPositions[rows[position].id] = nil
        let last = rows.endIndex - 1
        if position != last {
            rows.swapAt(position, last)
            rowPositions[rows[position].id] = position
        }
        rows.removeLast()
    }

    /// The position in `rows` of the row of the given id, or `nil` when it has none: looked for
    /// first at the row compared last and just after it (see `positionInRun`), then in
    /// `rowPositions`, whose read waits for memory once there are many rows.
    @inlinable
    func rowPosition(of id: ID) -> Int? {
        guard let position = positionInRun(after: lastCompared, where: { $0 < rows.endIndex && rows[$0].id == id }) ?? rowPositions[id] else {
            return nil
        }
        lastCompared = position
        return position
    }

    /// Compares the rows whose element changed since the last offer, and appends to `pending`
    /// the subscribers whose value changed and that have something to deliver.
    ///
    /// - Complexity: O(*c*) for *c* changed elements; O(*r*) for *r* rows when the array cannot
    ///   tell which changed.
    @inlinable
    func offer(_ state: inout State, into pending: UnsafeMutablePointer<ContiguousArray<Subscriber<State>>>) {
        collection.withValue(in: &state) { elements in offer(elements, into: &pending.pointee) }
    }

    /// `offer(_:into:)`, with the array lent out of the state.
    @inlinable
    func offer(_ elements: borrowing IdentifiedArray<ID, Element>, into pending: inout ContiguousArray<Subscriber<State>>) {
        var told = false
        if let seen {
            told = elements.forEachChange(since: seen) { change in
                if let position = rowPosition(of: change.id) {
                    compareRows(at: position, with: elements.element(id: change.id, guess: change.position), into: &pending)
                }
            }
        }
        if !told {
            for position in rows.indices {
                compareRows(at: position, with: elements[id: rows[position].id], into: &pending)
            }
        }
        seen = elements.changeVersion
    }

    /// Compares the rows of one id with its element (`nil` when it is gone).
    @inlinable
    func compareRows(at position: Int, with element: Element?, into pending: inout ContiguousArray<Subscriber<State>>) {
        Self.compare(&rows[position], with: element, into: &pending)
        guard !moreMembers.isEmpty, let moreIndex = moreMembers.index(forKey: rows[position].id) else { return }
        for position in moreMembers.values[moreIndex].indices {
            Self.compare(&moreMembers.values[moreIndex][position], with: element, into: &pending)
        }
    }

    /// Compares one row with its element, in place (a copy of the member would retain all it
    /// holds); when the element is gone, hands the row its last value to keep.
    @inlinable
    static func compare(_ member: inout Member, with element: Element?, into pending: inout ContiguousArray<Subscriber<State>>) {
        guard let element else {
            member.keepLast(member.last)
            return
        }
        let value = member.transform(element)
        if member.last == value {
            return
        }
        member.last = value
        if member.passOn(value) {
            pending.append(member.subscriber)
        }
    }
}
