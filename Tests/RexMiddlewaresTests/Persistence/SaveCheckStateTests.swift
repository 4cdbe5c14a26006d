import Testing

@testable import RexMiddlewares

@Suite("SaveCheckState")
struct SaveCheckStateTests {
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
