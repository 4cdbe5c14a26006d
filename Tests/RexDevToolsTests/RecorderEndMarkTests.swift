import RexCore
@testable import RexDevTools
import Testing

/// White-box tests of `Recorder`'s two ways of ending a turn, driven directly through `begin`
/// and `end` (no store): a turn that keeps no state stores its end in the mark, without the
/// lock, for the next turn or a reader to note; a turn that keeps its state ends under the lock;
/// a turn whose end never came ends when the next begins. The whole invariant (getter, counts,
/// mark against log) is checked after each step in this debug build.
@Suite("A recorder's end of turn")
struct RecorderEndMarkTests {
    typealias Recorder = RexDevTools.Recorder<Int, Int>

    static let source = ActionSource(file: #fileID, function: #function, line: #line)
    static let reducer = Reducer<Int, Int>.reduce { action, state in state += action }

    /// The store's state, as its getter reads it.
    final class Current: @unchecked Sendable {  // used on the test's thread only
        var state = 0
    }

    /// Notes a turn of `action` from tick `start` to tick `end` (none: the end never came),
    /// running the reducer on `current` between.
    static func turn(_ recorder: Recorder, _ action: Int, from start: UInt64, to end: UInt64?, current: Current) {
        recorder.begin(action, from: source, at: start, state: { current.state })
        recorder.checkInvariants()
        current.state += action
        if let end {
            recorder.end(at: end)
            recorder.checkInvariants()
        }
    }

    @Test("Before the first turn nothing is kept and the mark says under way")
    func beforeTheFirstTurn() {
        let recorder = Recorder(capacity: 4)
        recorder.checkInvariants()
        #expect(recorder.getState == nil && recorder.recordedCount == 0 && recorder.steps.isEmpty)
        #expect(recorder.endMark.load() == TurnEndMark.underWay)
    }

    @Test("Keeping every state, a turn's mark says so, and its end is noted under the lock at once")
    func keepingEveryState() {
        let recorder = Recorder(capacity: 4)
        let current = Current()
        recorder.begin(1, from: Self.source, at: 10, state: { current.state })
        recorder.checkInvariants()
        #expect(recorder.endMark.load() == TurnEndMark.keepsState && recorder.getState != nil)
        current.state += 1
        recorder.end(at: 20)
        recorder.checkInvariants()
        #expect(recorder.log.ended == 1 && !recorder.log.hasTurnUnderWay)
        Self.turn(recorder, 2, from: 30, to: 40, current: current)
        #expect(recorder.steps.map(\.state) == [1, 3])
    }

    @Test("With a reducer, a turn that keeps no state stores its end in the mark; the next turn or a reader notes it")
    func endStoredInTheMark() {
        let recorder = Recorder(capacity: 8, reducer: Self.reducer, snapshotInterval: 3)
        let current = Current()
        recorder.begin(1, from: Self.source, at: 10, state: { current.state })
        recorder.checkInvariants()
        #expect(recorder.endMark.load() == TurnEndMark.underWay)
        current.state += 1
        recorder.end(at: 20)
        // Stored, not yet noted.
        #expect(recorder.endMark.load() == 20 && recorder.log.ended == 0)
        recorder.checkInvariants()
        Self.turn(recorder, 2, from: 30, to: 40, current: current)
        #expect(recorder.log.ended == 1)
        // A reader notes it.
        #expect(recorder.recordedCount == 2)
        // The third turn keeps its state: its end is noted at once.
        recorder.begin(3, from: Self.source, at: 50, state: { current.state })
        recorder.checkInvariants()
        #expect(recorder.endMark.load() == TurnEndMark.keepsState)
        current.state += 3
        recorder.end(at: 60)
        recorder.checkInvariants()
        #expect(recorder.log.ended == 3)
        #expect(recorder.steps.map(\.state) == [1, 3, 6])
    }

    @Test("An end read below the first tick is stored as the first tick, so that it still reads as an end")
    func earlyTick() {
        let recorder = Recorder(capacity: 4, reducer: Self.reducer, snapshotInterval: 8)
        Self.turn(recorder, 1, from: 0, to: 0, current: Current())
        #expect(recorder.endMark.load() == TurnEndMark.firstTick)
        #expect(recorder.recordedCount == 1)
        recorder.checkInvariants()
    }

    @Test("A turn whose end never came ends when the next begins")
    func endNeverCame() {
        let recorder = Recorder(capacity: 4, reducer: Self.reducer, snapshotInterval: 8)
        let current = Current()
        Self.turn(recorder, 1, from: 10, to: nil, current: current)
        Self.turn(recorder, 2, from: 30, to: 40, current: current)
        #expect(recorder.recordedCount == 2)
        #expect(recorder.steps.map(\.state) == [1, 3])
    }
}
