import Foundation
import RexDevTools

// Makes the inspector page of a session file: one HTML file, self-contained, that opens from
// file:// in any browser.
//
//     rex-inspect session.json -o session.html
//
// Exit status: 0 when the page is written (or for --help), 1 when it cannot be (the session
// unreadable, of a newer format, or the page not writable), 2 for arguments it does not take.

let usage = """
    usage: rex-inspect <session.json> [-o <page.html>]

    Writes the inspector page of a session file (as a Recorder's session writes it): one HTML
    file that opens from file:// in any browser. The page goes beside the session, with the
    extension .html, unless -o names it.

      -o <page.html>  where to write the page (not the session itself)
      -h, --help      this text

    """

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("rex-inspect: \(message)\n".utf8))
    exit(status)
}

func refuseArguments(_ message: String) -> Never {
    FileHandle.standardError.write(Data("rex-inspect: \(message)\n\(usage)".utf8))
    exit(2)
}

/// Whether two paths name the same file: the same path once `..` and links are resolved, or the
/// same file on disk (a hard link).
func sameFile(_ first: URL, _ second: URL) -> Bool {
    if first.standardizedFileURL.resolvingSymlinksInPath().path == second.standardizedFileURL.resolvingSymlinksInPath().path {
        return true
    }
    let attributes = [first, second].map { try? FileManager.default.attributesOfItem(atPath: $0.path) }
    guard let one = attributes[0], let other = attributes[1], let number = one[.systemFileNumber] as? NSNumber else { return false }
    return number == other[.systemFileNumber] as? NSNumber && one[.systemNumber] as? NSNumber == other[.systemNumber] as? NSNumber
}

var inputs: [String] = []
var output: String?
var arguments = CommandLine.arguments.dropFirst()[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help":
        print(usage, terminator: "")
        exit(0)
    case "-o":
        guard let path = arguments.popFirst() else { refuseArguments("-o needs the page's file name") }
        output = path
    case _ where argument.hasPrefix("-") && argument != "-":
        refuseArguments("unknown option \(argument)")
    default:
        inputs.append(argument)
    }
}
guard inputs.count == 1 else {
    refuseArguments(inputs.isEmpty ? "no session file given" : "one session file at a time")
}
let input = URL(fileURLWithPath: inputs[0])
let page = output.map { URL(fileURLWithPath: $0) } ?? input.deletingPathExtension().appendingPathExtension("html")
guard !sameFile(input, page) else {
    fail("\(page.path) is the session itself; give the page another name with -o", status: 1)
}

let html: String
do {
    guard FileManager.default.fileExists(atPath: input.path) else { fail("\(input.path): no such file", status: 1) }
    html = try InspectorPage.html(sessionJSON: Data(contentsOf: input))
} catch {
    fail("\(input.path): \(error.localizedDescription)", status: 1)
}

var isFolder: ObjCBool = false
let folder = page.deletingLastPathComponent()
guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
    fail("cannot write \(page.path): no folder \(folder.path)", status: 1)
}
do {
    try html.write(to: page, atomically: true, encoding: .utf8)
    print("rex-inspect: wrote \(page.path)")
} catch {
    fail("cannot write \(page.path): \(error.localizedDescription)", status: 1)
}
