import Foundation
import TodoDemo

// The to-do demo. Interactive in a terminal; otherwise it runs the commands it reads from
// standard input (or, when there are none, a short built-in script), prints each screen, and
// exits 0, or 1 when the list could not be saved at the end. The list is kept in
// <data>/todos.json, the log in <data>/rex-demo.log, where <data> is the folder given with
// `--data` (.rex-demo by default).

let usage = """
    usage: rex-demo [--data <folder>]

    A to-do list in the terminal, built with Rex. Type `help` for its commands.
      --data <folder>  where the list (todos.json) and the log (rex-demo.log) are kept; .rex-demo by default
      -h, --help       print this and exit

    """

/// Says what is wrong with the arguments, and the usage, on standard error, and exits 2.
func refuse(_ problem: String) -> Never {
    FileHandle.standardError.write(Data("rex-demo: \(problem)\n\(usage)".utf8))
    exit(2)
}

var dataPath = ".rex-demo"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help":
        print(usage, terminator: "")
        exit(0)
    case "--data":
        guard let folder = arguments.popFirst() else { refuse("--data needs a folder") }
        dataPath = folder
    default:
        refuse(argument.hasPrefix("-") ? "unknown option \(argument)" : "unexpected argument \(argument)")
    }
}
let folder = URL(fileURLWithPath: dataPath, isDirectory: true)
// Where it cannot be made, the first save says why.
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
// `quit`, or the end of the input: nothing is left unsaved, or the exit status says so.
let farewell = await app.quit()
print(farewell.message)
exit(farewell.isSaved ? 0 : 1)
