/// The position of the next lookup of a run, found without a table: `last`, where the previous
/// lookup ended (the same entry again), or the one after it (the next entry in order), when
/// `holds` says there is an entry there and it is the one looked for; `nil` otherwise.
///
/// Lookups by id often come in runs: one element changed again and again (a slider, a
/// download's progress), or the elements one after the other (a sync applying a page of updates
/// in the list's order, "mark all as done"). Those find their position with one comparison or
/// two, where a hash table's read waits for memory once the table outgrows the processor's cache.
/// What an identified array's changes by id and a row group's rows look for first.
@inlinable
func positionInRun(after last: Int, where holds: (Int) -> Bool) -> Int? {
    if holds(last) { return last }
    let next = last &+ 1
    return holds(next) ? next : nil
}
