// Compiled in Swift 5 language mode, as an app moving over from SwiftRex 0.8 compiles first.
// SwiftRex 0.8.12's DispatchedActionTests, written with Swift Testing.
import RexCore
import Testing

@Suite("SwiftRex 0.8 spellings: DispatchedAction")
struct DispatchedActionSpellingTests {
    @Test("DispatchedAction(_:dispatcher:) keeps the action and the source it is given")
    func initWithDispatcher() {
        let sut = DispatchedAction<Int>(42, dispatcher: ActionSource(file: "some-file", function: "some-function", line: 789, info: "some-info"))
        #expect(sut.action == 42)
        #expect(sut.dispatcher == ActionSource(file: "some-file", function: "some-function", line: 789, info: "some-info"))
    }

    @Test("DispatchedAction(_:file:function:line:info:) takes literals, as SwiftRex code writes them")
    func initWithFileFunctionLineInfo() {
        let sut = DispatchedAction<Int>(42, file: "some-file", function: "some-function", line: 789, info: "some-info")
        #expect(sut.action == 42)
        #expect(sut.dispatcher.file == "some-file")
        #expect(sut.dispatcher.function == "some-function")
        #expect(sut.dispatcher.line == 789)
        #expect(sut.dispatcher.info == "some-info")
    }

    @Test("DispatchedAction(_:file:function:line:info:) takes strings made at run time")
    func initWithStrings() {
        let file: String = ["Sources", "App", "View.swift"].joined(separator: "/")
        let function = "body" + ".getter"
        let sut = DispatchedAction("tap", file: file, function: function, line: 12)
        #expect(sut.dispatcher.file == "Sources/App/View.swift")
        #expect(sut.dispatcher.function == "body.getter")
        #expect(sut.dispatcher.line == 12)
        #expect(sut.dispatcher.info == nil)
    }

    // SwiftRex took `#file`, which Swift 5 mode makes the file's path; Rex takes `#fileID`, as
    // every dispatch in Rex does (and as `#file` is in Swift 6 mode): `Module/File.swift`.
    @Test("DispatchedAction(_:) takes the caller's #fileID, #function and #line")
    func initWithActionOnly() {
        let file = #fileID
        let function = #function
        let line = UInt(#line + 1)
        let sut = DispatchedAction<Int>(42)
        #expect(sut.action == 42)
        #expect(sut.dispatcher.file == file)
        #expect(sut.dispatcher.function == function)
        #expect(sut.dispatcher.line == line)
        #expect(sut.dispatcher.info == nil)

        let noted = DispatchedAction("b", info: "from a test")
        #expect(noted.dispatcher.info == "from a test")
        #expect(noted.dispatcher.file == file)
        #expect(noted.dispatcher.line == line + 7)
    }

    @Test("map keeps the source")
    func map() {
        let original = DispatchedAction<Int>(42, file: "some-file", function: "some-function", line: 789, info: "some-info")
        let sut = original.map(String.init)
        #expect(sut.action == "42")
        #expect(sut.dispatcher == original.dispatcher)
    }
}
