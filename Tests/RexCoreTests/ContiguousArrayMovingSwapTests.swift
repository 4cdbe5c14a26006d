@testable import RexCore
import Testing

/// White-box tests of `ContiguousArray.swapByMoving`: each branch of the buffer's swap (the same
/// position, either order, the ends), on an array of its own and on one that shares its storage,
/// with the elements' references counted.
@Suite("Swapping an array's elements by moving them")
struct ContiguousArrayMovingSwapTests {
    final class Element: Sendable {
        let name: String
        init(_ name: String) { self.name = name }
    }

    static func names(_ array: ContiguousArray<Element>) -> [String] {
        array.map(\.name)
    }

    @Test("Positions in either order, the ends, and one position with itself, each swap exactly the two elements")
    func branches() {
        var array = ContiguousArray(["a", "b", "c", "d"].map(Element.init))
        array.swapByMoving(1, 2)  // i < j
        #expect(Self.names(array) == ["a", "c", "b", "d"])
        array.swapByMoving(3, 0)  // i > j, the ends
        #expect(Self.names(array) == ["d", "c", "b", "a"])
        array.swapByMoving(2, 2)  // the same position: nothing moves
        #expect(Self.names(array) == ["d", "c", "b", "a"])
        var one = ContiguousArray([Element("x")])
        one.swapByMoving(0, 0)
        #expect(Self.names(one) == ["x"])
    }

    @Test("A swap neither retains nor lets go of an element: each is held by the array alone after it, and released with it")
    func references() {
        weak var first: Element?
        weak var last: Element?
        do {
            var array = ContiguousArray(["a", "b", "c"].map(Element.init))
            first = array[0]
            last = array[2]
            array.swapByMoving(0, 2)
            #expect(isKnownUniquelyReferenced(&array[0]) && isKnownUniquelyReferenced(&array[2]))
            #expect(array[0] === last && array[2] === first)
        }
        #expect(first == nil && last == nil)
    }

    @Test("An array that shares its storage is copied before the swap: the other array keeps its order")
    func sharedStorage() {
        let original = ContiguousArray(["a", "b", "c"].map(Element.init))
        var copy = original
        copy.swapByMoving(0, 1)
        #expect(Self.names(copy) == ["b", "a", "c"])
        #expect(Self.names(original) == ["a", "b", "c"])
    }
}
