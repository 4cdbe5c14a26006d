import RexCore
@testable import RexDevTools
import Testing

@Suite("LiveInspectorBuffer")
struct LiveInspectorBufferTests {
    typealias Buffer = LiveInspectorBuffer<Int, Int>

    static func turn(_ index: Int) -> Buffer.Turn {
        Buffer.Turn(index: index, action: index, source: ActionSource(file: #fileID, function: #function, line: #line, info: nil), start: 0, end: 0, state: index)
    }

    @Test("Taken in parts and filled past its end, the ring gives the newest turns in order, and the count dropped once")
    func wrapsAround() {
        var buffer = Buffer(capacity: 3)
        buffer.append(Self.turn(0))
        buffer.append(Self.turn(1))
        #expect(buffer.take(upTo: 1).turns.map(\.index) == [0])
        for index in 2...5 {
            buffer.append(Self.turn(index))
        }
        #expect(buffer.count == 3)
        let first = buffer.take(upTo: 2)
        #expect(first.turns.map(\.index) == [3, 4])
        #expect(first.dropped == 2)
        buffer.append(Self.turn(6))
        let second = buffer.take(upTo: 10)
        #expect(second.turns.map(\.index) == [5, 6])
        #expect(second.dropped == 0)
        #expect(buffer.count == 0)
    }
}
