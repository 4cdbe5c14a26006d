#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Workloads

// Runs one workload for a number of actions, so that `valgrind --tool=callgrind` can count the
// instructions it takes. Differencing two run lengths cancels start-up.
//
//     rex-instructions W1 100000
//
// W6 is here for profilers that sample (`perf record`), not for callgrind: valgrind stops Swift
// concurrency programs with a segmentation fault. Its effects run on the global executor, away
// from the main thread, which waits for them.

let arguments = CommandLine.arguments
guard arguments.count == 3, let actions = Int(arguments[2]), actions >= 0 else {
    print("usage: rex-instructions W1|W2|W3|W4|W6 ACTIONS")
    exit(2)
}
switch arguments[1] {
case "W1": CounterWorkload().run(actions: actions)
case "W2": ComposedWorkload().run(actions: actions)
case "W3": FanOutWorkload().run(actions: actions)
case "W4": BigStateWorkload(items: 100_000).run(actions: actions)
case "W6":
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        await EffectsWorkload().run(effects: actions)
        done.signal()
    }
    done.wait()
default:
    print("unknown workload \(arguments[1]); expected W1, W2, W3, W4 or W6")
    exit(2)
}
