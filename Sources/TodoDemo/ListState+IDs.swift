import RexCore

extension ListState {
    /// The id for the item added after one with `id`: `id + 1`, unless that overflows or an item
    /// has it; then the smallest positive id no item has (a saved file can hold any id, `Int.max`
    /// too).
    ///
    /// - Complexity: O(1) when `id + 1` is free; O(*n*) in the number of items otherwise.
    static func id(after id: Int, in items: IdentifiedArrayOf<TodoItem>) -> Int {
        if id < Int.max, id + 1 > 0, !items.contains(id: id + 1) { return id + 1 }
        let taken = Set(items.ids)
        // Of the `n + 1` ids from 1 to n + 1, one at least is free.
        return (1...(taken.count + 1)).first { !taken.contains($0) }!
    }
}
