@testable import RexCore
import Testing

@Suite("The atomic word")
struct AtomicWordTests {
    /// A word shared by tasks (a word itself cannot be copied into them).
    final class Shared: Sendable {
        let word = AtomicWord(0)
    }

    @Test("Each operation reads and changes the word as it says")
    func operations() {
        let word = AtomicWord(3)
        let loads = (word.loadRelaxed(), word.loadAcquiring(), word.loadSequentially())
        #expect(loads == (3, 3, 3))
        word.storeRelaxed(4)
        let relaxed = word.loadRelaxed()
        #expect(relaxed == 4)
        word.storeReleasing(5)
        let acquired = word.loadAcquiring()
        #expect(acquired == 5)
        let exchanges = (
            word.exchangeAcquiring(expected: 4, desired: 9),
            word.exchangeAcquiring(expected: 5, desired: 6),
            word.exchangeSequentially(expected: 5, desired: 9),
            word.exchangeSequentially(expected: 6, desired: 7)
        )
        #expect(exchanges == (false, true, false, true))
        word.addSequentially(-8)
        let sum = word.loadSequentially()
        #expect(sum == -1)
        word.storeRelaxed(Int.max)
        word.addSequentially(1)
        let wrapped = word.loadSequentially()
        #expect(wrapped == Int.min)
        word.storeRelaxed(41)
        let incremented = word.incrementRelaxed()
        let after = word.loadRelaxed()
        #expect(incremented == 42 && after == 42)
    }

    @Test("Numbers handed out by many threads at once are each handed out once")
    func concurrentIncrements() async {
        let shared = Shared()
        let numbers = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<1_000).map { _ in shared.word.incrementRelaxed() } }
            }
            return await group.reduce(into: [Int]()) { $0 += $1 }
        }
        #expect(Set(numbers) == Set(1...8_000))
    }

    @Test("Additions from many threads at once are none of them lost")
    func concurrentAdditions() async {
        let shared = Shared()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 { shared.word.addSequentially(1) }
                }
            }
        }
        let total = shared.word.loadSequentially()
        #expect(total == 80_000)
    }
}
