import Testing

@testable import RexMiddlewares

/// The check state's two mechanisms (a lock on Apple systems, an atomic elsewhere): each is built
/// and run here, the locked one with `-DREX_LOCKED_SAVE_CHECK`, as CI does.
@Suite("SaveCheckState")
struct SaveCheckStateTests {
    @Test("The mechanism this build selects: the lock on Apple systems and with REX_LOCKED_SAVE_CHECK, else the atomic")
    func mechanism() {
        let check = SaveCheckState()
        #if canImport(Darwin) || REX_LOCKED_SAVE_CHECK
        check.lock.withLock { check.stored = SaveCheckState.armed }
        #else
        check.atomic.store(SaveCheckState.armed, ordering: .sequentiallyConsistent)
        #endif
        #expect(check.value == SaveCheckState.armed)
    }

    @Test("Moves only from the state it expects, and counts every turn")
    func movesAndCounts() async {
        let check = SaveCheckState()
        #expect(check.value == SaveCheckState.notStarted)
        #expect(!check.move(from: SaveCheckState.idle, to: SaveCheckState.armed))
        #expect(check.move(from: SaveCheckState.notStarted, to: SaveCheckState.idle))
        #expect(check.noteTurn() == SaveCheckState.idle)
        // Tasks race to arm; only the one that armed disarms, so each disarm finds it armed.
        let arms = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var arms = 0
                    for _ in 0..<1_000 {
                        _ = check.noteTurn()
                        if check.move(from: SaveCheckState.idle, to: SaveCheckState.armed) {
                            arms += 1
                            #expect(check.move(from: SaveCheckState.armed, to: SaveCheckState.idle))
                        }
                    }
                    return arms
                }
            }
            return await group.reduce(0, +)
        }
        #expect(arms > 0)
        #expect(check.turns == 4_001)
    }
}
