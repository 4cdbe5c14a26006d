/// The state-driven effects a supervisor has started, by key, with the value each started with;
/// and the reconciliation of a newly derived set against them.
///
/// A value: it names what to start and what to let go, and the supervision does it, outside its
/// lock.
///
/// Invariant: each entry's token is its key as a token, and its run is kept: a run is let go in
/// the step that takes its entry out (or replaces it, on a restart). After
/// ``reconcile(with:makeRun:)`` the keys and values are those asked for; after ``letAllGo()``
/// the set is empty. Changed only with the supervision's lock held. Debug builds check the
/// count after each reconciliation (O(1)); ``checkInvariants()`` checks every entry (O(*n*), for
/// tests).
struct SupervisedEffectSet<Key: Hashable & Sendable, Value: Equatable & Sendable> {
    /// A key the state keeps: the value its effect started with, and that start.
    struct Entry {
        let value: Value
        let run: SupervisedRun
        let token: EffectToken
    }

    /// An effect to start: its key and value, its run and its token (the key as a token).
    struct Start {
        let key: Key
        let value: Value
        let run: SupervisedRun
        let token: EffectToken
    }

    /// What a reconciliation asks for: effects to start (those of new keys, and those restarted
    /// with a new value, whose token cancels the effect in flight), and tokens to cancel (those
    /// of keys that left).
    struct Changes {
        var starts: [Start] = []
        var cancels: [EffectToken] = []
    }

    private(set) var entries: [Key: Entry] = [:]

    /// Makes `desired` the set, and returns what changes: a key that appeared starts, a key whose
    /// value changed restarts, a key that went is cancelled, and the others stay as they are.
    /// The runs of the keys that went or changed are let go here. Call with the supervision's
    /// lock held (`makeRun` makes a run under it).
    ///
    /// - Complexity: O(*n* + *m*), where *n* and *m* are the sizes of the old and the new set.
    mutating func reconcile(with desired: [Key: Value], makeRun: (EffectToken) -> SupervisedRun) -> Changes {
        var changes = Changes()
        var kept: [Key: Entry] = [:]
        kept.reserveCapacity(desired.count)
        for (key, value) in desired {
            if let entry = entries.removeValue(forKey: key) {
                if entry.value == value {
                    kept[key] = entry
                    continue
                }
                // Restarted: the new effect has the same token, which cancels the old one.
                entry.run.letGoLocked()
                let start = Start(key: key, value: value, run: makeRun(entry.token), token: entry.token)
                kept[key] = Entry(value: value, run: start.run, token: start.token)
                changes.starts.append(start)
            } else {
                let token = EffectToken(key)
                let start = Start(key: key, value: value, run: makeRun(token), token: token)
                kept[key] = Entry(value: value, run: start.run, token: token)
                changes.starts.append(start)
            }
        }
        // What is left was not in the new set.
        for entry in entries.values {
            entry.run.letGoLocked()
            changes.cancels.append(entry.token)
        }
        entries = kept
        assert(entries.count == desired.count, "SupervisedEffectSet: \(entries.count) entries for \(desired.count) keys asked for")
        return changes
    }

    /// Lets every run go, forgets them, and returns their tokens, to cancel. Call with the
    /// supervision's lock held.
    mutating func letAllGo() -> [EffectToken] {
        for entry in entries.values {
            entry.run.letGoLocked()
        }
        defer { entries = [:] }
        return entries.values.map(\.token)
    }

    /// Stops a debug build if an entry breaks the invariant: its token is not its key's, or its
    /// run was let go. Call with the supervision's lock held.
    ///
    /// - Complexity: O(*n*) for *n* entries.
    func checkInvariants() {
        #if DEBUG
        for (key, entry) in entries {
            assert(entry.token == EffectToken(key), "SupervisedEffectSet: the entry of \(key) has the token \(entry.token)")
            assert(entry.run.isKeptLocked, "SupervisedEffectSet: the run of \(key) was let go and is still in the set")
        }
        #endif
    }
}
