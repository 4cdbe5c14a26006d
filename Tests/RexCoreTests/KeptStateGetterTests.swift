@testable import RexCore
import Testing

/// White-box tests of `KeptStateGetter`: the getter before and after it is kept, a second keep
/// that changes nothing, and first turns of several threads racing to keep theirs, with the
/// flag and the getter checked to agree after each step in this debug build.
@Suite("A kept state getter")
struct KeptStateGetterTests {
    @Test("Before the first turn there is no getter; the first turn's is kept, and a later one changes nothing")
    func keptOnce() throws {
        let kept = KeptStateGetter<Int>()
        kept.checkInvariants()
        #expect(kept.getter == nil)
        kept.keepIfNeeded { 1 }
        kept.checkInvariants()
        let first = try #require(kept.getter)
        #expect(first() == 1)
        kept.keepIfNeeded { 2 }
        kept.checkInvariants()
        let after = try #require(kept.getter)
        #expect(after() == 1)
    }

    @Test("Of first turns that race, exactly one getter is kept, and every reader sees that one")
    func racingFirstTurns() async throws {
        let kept = KeptStateGetter<Int>()
        let seen = await withTaskGroup(of: Int?.self) { group in
            for value in 1...16 {
                group.addTask {
                    kept.keepIfNeeded { value }
                    return kept.getter?()
                }
            }
            var seen: Set<Int?> = []
            for await value in group {
                seen.insert(value)
            }
            return seen
        }
        kept.checkInvariants()
        let getter = try #require(kept.getter)
        #expect(seen == [getter()])
    }
}
