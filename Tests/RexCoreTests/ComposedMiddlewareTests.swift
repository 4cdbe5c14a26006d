@testable import RexCore
import Testing

/// White-box tests of `ComposedMiddleware`'s boxes: each way of appending (a middleware, an
/// identity, a composition, to a copy), with every unretained reference checked against the box
/// it names after each step, and the boxes kept alive by every copy that holds them.
@Suite("A composed middleware's boxes")
struct ComposedMiddlewareTests {
    typealias Composition = ComposedMiddleware<Int, Int, Int>

    final class Trace: @unchecked Sendable {  // used on the test's thread only
        var names: [String] = []
    }

    struct Named: MiddlewareProtocol {
        let name: String
        let trace: Trace

        func handle(action: Int, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<Int> {
            trace.names.append(name)
            return .pure()
        }
    }

    static let source = ActionSource(file: "test", function: "test", line: 1)

    static func handle(_ composition: Composition) {
        _ = composition.handle(action: 0, from: source, state: { 0 })
    }

    @Test("Each append keeps every unretained reference on the box at its position: a middleware, an identity (left out), a composition (member by member), an empty one")
    func appending() {
        let trace = Trace()
        var composition = Composition()
        composition.checkInvariants()
        composition.append(Named(name: "a", trace: trace))
        composition.checkInvariants()
        composition.append(IdentityMiddleware())
        composition.checkInvariants()
        var inner = Composition()
        inner.append(Named(name: "b", trace: trace))
        inner.append(Named(name: "c", trace: trace))
        composition.append(inner)
        composition.checkInvariants()
        composition.append(Composition())
        composition.checkInvariants()
        #expect(composition.boxes.count == 3 && composition.unretainedBoxes.count == 3)
        #expect(composition.boxes[1] === inner.boxes[0])  // shared, not copied
        Self.handle(composition)
        #expect(trace.names == ["a", "b", "c"])
    }

    @Test("A copy keeps the boxes it calls alive after the original is gone, and an append to it leaves the original as it was")
    func copies() {
        let trace = Trace()
        weak var firstBox: MiddlewareHandlerBox<Int, Int, Int>?
        var copy: Composition
        do {
            var original = Composition()
            original.append(Named(name: "a", trace: trace))
            firstBox = original.boxes[0]
            copy = original
            copy.append(Named(name: "b", trace: trace))
            copy.checkInvariants()
            original.checkInvariants()
            #expect(original.boxes.count == 1 && copy.boxes.count == 2)
            Self.handle(original)
        }
        #expect(firstBox != nil)  // held by the copy
        Self.handle(copy)
        #expect(trace.names == ["a", "a", "b"])
        copy = Composition()
        #expect(firstBox == nil)
    }
}
