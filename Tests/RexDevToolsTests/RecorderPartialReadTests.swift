import Foundation
import RexCore
@testable import RexDevTools
import RexTestSupport
import Testing

/// The recorder's read of a few steps from a given one: what the live inspector sends each batch.
@Suite("Recorder read from a step")
struct RecorderPartialReadTests {
    typealias Domain = RecorderDomain

    @Test("Steps read from any step, a few at a time, are those of the whole read, with the state before the first", arguments: [1, 3, 32])
    func partialReadIsASliceOfTheWhole(snapshotInterval: Int) throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SplitMix64(seed: seed)
        for _ in 0..<20 {
            let capacity = Int.random(in: 1...25, using: &generator)
            let (everyState, sampled, store) = RecorderSnapshotTests.recordedStore(capacity: capacity, snapshotInterval: snapshotInterval)
            #expect(sampled.read(from: 0, limit: 5) == nil, "seed \(seed)")
            let turns = Int.random(in: 1...80, using: &generator)
            for turn in 0..<turns {
                store.dispatch(RecorderSnapshotTests.randomAction(&generator, turn: turn))
            }
            let whole = try #require(everyState.read())
            let first = Int.random(in: 0...turns + 2, using: &generator)
            let limit = Int.random(in: 1...capacity + 2, using: &generator)
            let expected = whole.steps.filter { $0.index >= first }.prefix(limit)
            let read = sampled.read(from: first, limit: limit)
            guard let firstExpected = expected.first else {
                #expect(read == nil, "seed \(seed): from \(first), \(turns) turns")
                continue
            }
            let (stateBefore, steps) = try #require(read, "seed \(seed)")
            #expect(steps.map(\.index) == expected.map(\.index), "seed \(seed): from \(first), at most \(limit)")
            #expect(steps.map(\.action) == expected.map(\.action), "seed \(seed)")
            #expect(steps.map(\.state) == expected.map(\.state), "seed \(seed)")
            let before = whole.steps.last { $0.index == firstExpected.index - 1 }?.state ?? whole.initialState
            #expect(stateBefore == before, "seed \(seed): from \(first)")
        }
    }
}
