import Foundation
import RexCore
import Testing

@Suite("Element actions")
struct ElementActionTests {
    @Test("An ElementIDAction is encoded under the keys id and action, and decodes back to itself")
    func elementIDActionCoding() throws {
        let decoded = try JSONDecoder().decode(ElementIDAction<String, Int>.self, from: Data(#"{"id":"b","action":7}"#.utf8))
        #expect(decoded == ElementIDAction(id: "b", action: 7))
        let again = try JSONDecoder().decode(ElementIDAction<String, Int>.self, from: JSONEncoder().encode(decoded))
        #expect(again == decoded)
    }

    @Test("An ElementIndexAction is encoded under the keys index and action, and decodes back to itself")
    func elementIndexActionCoding() throws {
        let decoded = try JSONDecoder().decode(ElementIndexAction<Int, String>.self, from: Data(#"{"index":3,"action":"x"}"#.utf8))
        #expect(decoded == ElementIndexAction(index: 3, action: "x"))
        let again = try JSONDecoder().decode(ElementIndexAction<Int, String>.self, from: JSONEncoder().encode(decoded))
        #expect(again == decoded)
    }

    @Test("An ElementIDAction is Identifiable by the id of its element: an IdentifiedArray of them keeps one per element")
    func elementIDActionIsIdentifiable() {
        var latest = IdentifiedArrayOf<ElementIDAction<Int, String>>()
        for action in [ElementIDAction(id: 1, action: "a"), ElementIDAction(id: 2, action: "b"), ElementIDAction(id: 1, action: "c")] {
            latest[id: action.id] = action
        }
        #expect(latest.elements == [ElementIDAction(id: 1, action: "c"), ElementIDAction(id: 2, action: "b")])
    }
}
