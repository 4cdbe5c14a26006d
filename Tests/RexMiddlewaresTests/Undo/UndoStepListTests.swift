@testable import RexMiddlewares
import Testing

/// The ring an undo history keeps each side's steps in, on the paths a history at its limit does
/// not take: growing while it wraps round, and giving up its newest steps across the wrap.
@Suite("An undo history's ring of steps")
struct UndoStepListTests {
    /// A list of the steps named `names`, oldest first, added one by one.
    static func list(_ names: [String]) -> UndoStepList<Int> {
        var list = UndoStepList<Int>()
        for name in names {
            list.append(UndoStep(name: name, part: Int(name)!))
        }
        return list
    }

    @Test("Full while it wraps round, the ring grows and keeps its steps in order; its newest go first across the wrap")
    func growsWhileWrapped() {
        var list = Self.list(["0", "1", "2", "3"])
        #expect(list.slots.count == 4)
        list.removeFirst()
        list.removeFirst()
        list.append(UndoStep(name: "4", part: 4))
        list.append(UndoStep(name: "5", part: 5))
        // Full, its oldest in the third slot: the next step makes it grow.
        #expect(list.head == 2 && list.count == list.slots.count)
        list.checkInvariant(whole: true)
        list.append(UndoStep(name: "6", part: 6))
        list.checkInvariant(whole: true)
        #expect(list.slots.count == 8)
        #expect(list.steps.map(\.part) == [2, 3, 4, 5, 6])
        #expect(list.last?.name == "6")
        #expect(list == Self.list(["2", "3", "4", "5", "6"]))
    }

    @Test("The newest steps are taken back across the wrap, newest first, and the ring is compared by its steps")
    func removesLastAcrossTheWrap() {
        var list = Self.list(["0", "1", "2", "3"])
        list.removeFirst()
        list.removeFirst()
        list.removeFirst()
        list.append(UndoStep(name: "4", part: 4))
        list.append(UndoStep(name: "5", part: 5))
        // Its steps in the last slot, then the first two.
        #expect(list.head == 3)
        #expect(list == Self.list(["3", "4", "5"]))
        #expect(list != Self.list(["4", "5", "3"]))
        var taken: [Int] = []
        while let step = list.removeLast() {
            list.checkInvariant(whole: true)
            taken.append(step.part)
        }
        #expect(taken == [5, 4, 3])
        #expect(list.count == 0 && list.last == nil && list.steps.isEmpty)
        list.append(UndoStep(name: "7", part: 7))
        #expect(list.steps.map(\.part) == [7])
    }
}
