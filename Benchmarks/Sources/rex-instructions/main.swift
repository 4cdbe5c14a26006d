#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Workloads

// Runs one workload for a number of actions, so that `valgrind --tool=callgrind` can count the
// instructions it takes. Differencing two run lengths cancels start-up.
//
//     rex-instructions W1 100000

let arguments = CommandLine.arguments
guard arguments.count == 3, let actions = Int(arguments[2]), actions >= 0 else {
    print("usage: rex-instructions W1|W2|W3|W4 ACTIONS")
    exit(2)
}
switch arguments[1] {
case "W1": CounterWorkload().run(actions: actions)
case "W2": ComposedWorkload().run(actions: actions)
case "W3": FanOutWorkload().run(actions: actions)
case "W4": BigStateWorkload(items: 100_000).run(actions: actions)
default:
    print("unknown workload \(arguments[1]); expected W1, W2, W3 or W4")
    exit(2)
}
