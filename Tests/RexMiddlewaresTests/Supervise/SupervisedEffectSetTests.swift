import RexCore
@testable import RexMiddlewares
import Testing

/// White-box tests of `SupervisedEffectSet`'s reconciliation: keys that appear, stay, change
/// value, go, and the whole set let go, with every entry checked (its token its key's, its run
/// kept) after each step in this debug build.
@Suite("A supervisor's set of effects")
struct SupervisedEffectSetTests {
    typealias Set = SupervisedEffectSet<Int, String>

    let lock = Lock()

    /// Reconciles `set` with `desired` under the lock, checking the set after.
    func reconcile(_ set: inout Set, with desired: [Int: String]) -> Set.Changes {
        lock.withLock {
            let changes = set.reconcile(with: desired) { [lock] token in SupervisedRun(lock: lock, description: token.description) }
            set.checkInvariants()
            return changes
        }
    }

    @Test("New keys start with their value and token; the same set again changes nothing")
    func starting() {
        var set = Set()
        let changes = reconcile(&set, with: [1: "a", 2: "b"])
        #expect(changes.starts.map(\.key).sorted() == [1, 2])
        #expect(changes.starts.allSatisfy { $0.token == EffectToken($0.key) && set.entries[$0.key]?.run === $0.run })
        #expect(changes.cancels.isEmpty)
        let again = reconcile(&set, with: [1: "a", 2: "b"])
        #expect(again.starts.isEmpty && again.cancels.isEmpty)
        #expect(set.entries.count == 2)
    }

    @Test("A key whose value changes restarts with a new run under the same token; its old run is let go")
    func restarting() {
        var set = Set()
        _ = reconcile(&set, with: [1: "a", 2: "b"])
        let old = set.entries[1]!.run
        let kept = set.entries[2]!.run
        let changes = reconcile(&set, with: [1: "A", 2: "b"])
        #expect(changes.starts.map(\.key) == [1] && changes.starts[0].value == "A")
        #expect(changes.starts[0].token == EffectToken(1) && changes.cancels.isEmpty)
        #expect(set.entries[1]?.run !== old && set.entries[2]?.run === kept)
        #expect(!old.passesActions && kept.passesActions)
    }

    @Test("A key that goes is cancelled by its token, and its run let go; the others stay")
    func removing() {
        var set = Set()
        _ = reconcile(&set, with: [1: "a", 2: "b", 3: "c"])
        let gone = set.entries[2]!.run
        let changes = reconcile(&set, with: [1: "a", 3: "c"])
        #expect(changes.starts.isEmpty && changes.cancels == [EffectToken(2)])
        #expect(!gone.passesActions && set.entries.keys.sorted() == [1, 3])
        let emptied = reconcile(&set, with: [:])
        #expect(Swift.Set(emptied.cancels) == [EffectToken(1), EffectToken(3)] && set.entries.isEmpty)
    }

    @Test("Letting all go lets every run go, empties the set and returns every token")
    func lettingAllGo() {
        var set = Set()
        _ = reconcile(&set, with: [1: "a", 2: "b"])
        let runs = set.entries.values.map(\.run)
        let tokens = lock.withLock {
            let tokens = set.letAllGo()
            set.checkInvariants()
            return tokens
        }
        #expect(Swift.Set(tokens) == [EffectToken(1), EffectToken(2)])
        #expect(set.entries.isEmpty && runs.allSatisfy { !$0.passesActions })
    }
}
