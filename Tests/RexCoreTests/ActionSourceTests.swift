import Foundation
import RexCore
import RexTestSupport
import Testing

@Suite("Action sources")
struct ActionSourceTests {
    @Test("A source made from literals equals, and hashes like, the same source made from strings")
    func literalAndStringSourcesAreEqual() {
        let literal = ActionSource(file: "App/View.swift" as StaticString, function: "tap()" as StaticString, line: 7, info: "button")
        let text = ActionSource(file: String("App/View.swift"), function: String("tap()"), line: 7, info: "button")
        #expect(literal == text)
        #expect(literal.hashValue == text.hashValue)
        #expect(literal.file == "App/View.swift")
        #expect(literal.function == "tap()")
        #expect(literal != ActionSource(file: String("App/View.swift"), function: String("tap()"), line: 8, info: "button"))
        #expect(literal != ActionSource(file: String("App/View.swift"), function: String("tap()"), line: 7))
    }

    @Test("with(info:) keeps the place and changes only the info")
    func withInfo() {
        let source = ActionSource.here(info: "first")
        let other = source.with(info: "second")
        #expect(other.file == source.file && other.function == source.function && other.line == source.line)
        #expect(other.info == "second")
        #expect(source.with(info: nil).info == nil)
    }

    @Test("A source survives encoding and decoding, with and without info")
    func codableRoundTrip() throws {
        for source in [ActionSource.here(info: "note"), ActionSource.here()] {
            let decoded = try JSONDecoder().decode(ActionSource.self, from: JSONEncoder().encode(source))
            #expect(decoded == source)
            #expect(decoded.description == source.description)
        }
    }

    @Test("dispatch records the caller's file, function and line")
    func dispatchRecordsTheCaller() {
        let sources = Recorder<ActionSource>()
        let store = ReduxStoreBase<CounterAction, CounterState>(
            initialState: CounterState(),
            reducer: counterReducer,
            middleware: AnyMiddleware { _, source, _ in
                sources.record(source)
                return .pure()
            }
        )
        store.dispatch(.increment, info: "test"); let line = UInt(#line)
        #expect(sources.values == [ActionSource(file: String(#fileID), function: "dispatchRecordsTheCaller()", line: line, info: "test")])
    }
}
