import Foundation
import TodoDemo

// The to-do demo. Interactive in a terminal; otherwise it runs the commands it reads from
// standard input (or, when there are none, a short built-in script), prints each screen, and
// exits 0. The list is kept in <data>/todos.json, the log in <data>/rex-demo.log, where <data>
// is the folder given with `--data` (.rex-demo by default).
//
//     rex-demo [--data <folder>]

let arguments = CommandLine.arguments.dropFirst()
var dataPath = ".rex-demo"
if let option = arguments.firstIndex(of: "--data") {
    guard arguments.index(after: option) < arguments.endIndex else {
        FileHandle.standardError.write(Data("usage: rex-demo [--data <folder>]\n".utf8))
        exit(2)
    }
    dataPath = arguments[arguments.index(after: option)]
}
let folder = URL(fileURLWithPath: dataPath, isDirectory: true)
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let app = TodoApp(
    world: TodoWorld(file: folder.appendingPathComponent("todos.json")),
    logFile: folder.appendingPathComponent("rex-demo.log")
)

let builtInScript = ["add Try Rex", "add Read the pipeline article", "done 1", "autosave off", "add Not saved yet", "save", "clear"]
let interactive = isatty(STDIN_FILENO) != 0

await app.start()
print(app.screen())
if interactive {
    print("Type `help` for the commands.")
}
var commands: [String] = []
if !interactive {
    while let line = readLine() { commands.append(line) }
    if commands.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
        commands = builtInScript
    }
}
var index = 0
while true {
    let line: String
    if interactive {
        print("> ", terminator: "")
        guard let typed = readLine() else { break }
        line = typed
    } else {
        guard index < commands.count else { break }
        line = commands[index]
        index += 1
        print("> \(line)")
    }
    guard let screen = await app.perform(line) else { break }
    print(screen)
}
// `quit`, or the end of the input: nothing is left unsaved.
print(await app.quit())
