import Foundation
import RexDevTools

// Makes the inspector page of a session file: one HTML file, self-contained, that opens from
// file:// in any browser.
//
//     rex-inspect session.json -o session.html

var arguments = Array(CommandLine.arguments.dropFirst())
var output: String?
if let option = arguments.firstIndex(of: "-o"), option + 1 < arguments.count {
    output = arguments[option + 1]
    arguments.removeSubrange(option...(option + 1))
}
guard arguments.count == 1 else {
    FileHandle.standardError.write(Data("usage: rex-inspect <session.json> [-o <page.html>]\n".utf8))
    exit(2)
}
let input = URL(fileURLWithPath: arguments[0])
let page = output.map { URL(fileURLWithPath: $0) } ?? input.deletingPathExtension().appendingPathExtension("html")
do {
    try InspectorPage.html(sessionJSON: Data(contentsOf: input)).write(to: page, atomically: true, encoding: .utf8)
    print("rex-inspect: wrote \(page.path)")
} catch {
    FileHandle.standardError.write(Data("rex-inspect: \(input.path): \(error.localizedDescription)\n".utf8))
    exit(1)
}
